package council

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/war-room/war-room/protocols/internal/mdsection"
)

// sections splits markdown into its headed sections as CommonMark parses it, keyed by
// headingKey; a sub-heading stays inside its section (mdsection). Text before the first
// heading is under "". A repeated heading's bodies are joined.
func sections(text string) map[string]string { return mdsection.Split(text, headingKey) }

// headingKey keeps only the letters and digits of a heading, lower-cased, so "Trip-wires",
// "Trip wires" and "**Tripwires**" are one heading.
func headingKey(h string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, h)
}

var bulletLine = regexp.MustCompile(`^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(.*)$`)

// items splits a section into its bullets (continuation lines joined); a section without
// bullets is one item. A lone "none" (or the like) means no items.
func items(body string) []string {
	var out []string
	for _, line := range strings.Split(body, "\n") {
		t := strings.TrimSpace(line)
		switch m := bulletLine.FindStringSubmatch(line); {
		case m != nil:
			out = append(out, strings.TrimSpace(m[1]))
		case t != "" && len(out) > 0:
			out[len(out)-1] += " " + t
		case t != "":
			out = append(out, t)
		}
	}
	if len(out) == 1 && isNone(out[0]) {
		return nil
	}
	return out
}

// isNone says whether an item only says there is nothing.
func isNone(s string) bool {
	switch strings.ToLower(strings.Trim(s, " .*_`")) {
	case "none", "no dissent", "n/a", "nothing", "none.":
		return true
	}
	return false
}
