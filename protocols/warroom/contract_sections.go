package warroom

import (
	"regexp"
	"strings"

	"github.com/war-room/war-room/protocols/internal/mdsection"
)

// sections splits markdown into its headed sections as CommonMark parses it, keyed by the
// lower-cased heading text; a sub-heading stays inside its section (mdsection). Text before
// the first heading is under "".
func sections(text string) map[string]string { return mdsection.Split(text, normHeading) }

func normHeading(h string) string {
	return strings.ToLower(strings.Trim(strings.TrimSpace(h), "*_:"))
}

// requireSections is a contract: every named section must be present and non-empty.
func requireSections(names ...string) func(string) error {
	return func(text string) error {
		return mdsection.Require(sections(text), normHeading, names...)
	}
}

var bulletItem = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+(.*)$`)

var subHeading = regexp.MustCompile(`^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$`)

// bullets returns the "- " or "* " or "1. " items of a section, each trimmed, continuation
// lines joined. Nothing is dropped: text before the first item is an item of its own, and a
// sub-heading a model put between items is one too, in bold.
func bullets(section string) []string {
	var out []string
	open := false // whether a line may continue the last item
	for _, line := range strings.Split(section, "\n") {
		t := strings.TrimSpace(line)
		switch m, h := bulletItem.FindStringSubmatch(line), subHeading.FindStringSubmatch(line); {
		case h != nil:
			out, open = append(out, "**"+strings.Trim(h[1], "*_ ")+"**"), false
		case m != nil:
			out, open = append(out, strings.TrimSpace(m[1])), true
		case t == "":
		case open:
			out[len(out)-1] += " " + t
		default:
			out, open = append(out, t), true
		}
	}
	return out
}

// field reads a "NAME: value" line (case-insensitive name), "" when absent.
func field(text, name string) string {
	re := regexp.MustCompile(`(?im)^[\s*>-]*` + regexp.QuoteMeta(name) + `\**\s*:\s*\**(.*?)\**\s*$`)
	if m := re.FindStringSubmatch(text); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}
