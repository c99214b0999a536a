package council

import (
	"slices"
	"strings"

	"github.com/war-room/war-room/engine"
)

// structural are words the protocol's own labels are made of: a profile that happens to be
// called "member" must not blank out every member label.
var structural = []string{"member", "option", "docket", "vote", "selected", "none_found"}

// newScrubber withholds the team's identities from model-written text, sparing the protocol's
// label words and any identity the session's own inputs use: a question about adopting a
// vendor names that vendor, and the team must be able to discuss its subject (a residual the
// protocol's documentation states).
func newScrubber(idents []string, inputs []string) engine.Scrubber {
	given := strings.Join(inputs, "\n")
	keep := slices.Clone(structural)
	for _, id := range idents {
		if engine.HasWord(given, id) {
			keep = append(keep, id)
		}
	}
	return engine.NewScrubber(idents, keep...)
}

// identities lists what the scrubber withholds for a plan: every role's title and key, and
// the profile, model and family of every role that sits, files or rules.
func identities(p Plan) []string {
	out := registry.Identities()
	for _, a := range append(slices.Clone(p.Seats), p.Clerk, p.Arbiter) {
		out = append(out, a.Profile, a.Family, a.Model)
	}
	return out
}
