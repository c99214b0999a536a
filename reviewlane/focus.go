package reviewlane

import (
	"slices"
	"strings"
)

// focuses are the built-in lane focuses (review.lanes[].focus), each in war-room's own words:
// what the lane looks at first. A lane with no focus reviews everything the contract asks.
var focuses = map[string]string{
	"correctness": "This lane's focus is correctness: whether the change does what it claims for every input " +
		"it can meet — edge cases, error paths, concurrency, off-by-one limits, state left behind on failure.",
	"security": "This lane's focus is security: what an attacker controls in this change and what they can " +
		"reach with it — injection, authentication and authorisation, secrets in code or logs, unsafe " +
		"deserialisation, paths and URLs built from input, denial of service.",
	"performance": "This lane's focus is performance: work the change adds per request or per item, " +
		"allocations and copies in hot paths, queries in loops, unbounded growth, blocking calls.",
	"tests": "This lane's focus is tests: whether the tests the change adds or alters would fail if the " +
		"change were wrong, what behaviour is left untested, and tests that cannot fail.",
	"docs": "This lane's focus is documentation: whether what a user or maintainer reads (docs, comments, " +
		"messages, names) still says what the code now does, and what the change leaves undocumented.",
}

// Focuses lists the built-in focuses, for the configuration's checks and its docs.
func Focuses() []string {
	out := make([]string, 0, len(focuses))
	for k := range focuses {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// focusText is the instruction a lane's focus adds to its task ("" for none).
func focusText(focus string) string {
	if t, ok := focuses[focus]; ok {
		return t + " Findings outside this focus still count: report them too, and judge the whole contract."
	}
	return ""
}

// focusLine is how the check run and the review name a lane's focus.
func focusLine(focus string) string {
	if focus == "" {
		return "Focus: none (the whole contract)"
	}
	return "Focus: " + strings.ToLower(focus)
}
