package warroom

import (
	"fmt"
	"regexp"
	"strings"
)

// heading matches a markdown heading of level 2 or 3 and captures its text.
var heading = regexp.MustCompile(`(?m)^#{2,3}\s+(.+?)\s*#*\s*$`)

// sections splits markdown into its level-2/3 headed sections, keyed by the lower-cased
// heading text. Text before the first heading is under "".
func sections(text string) map[string]string {
	out := map[string]string{}
	locs := heading.FindAllStringSubmatchIndex(text, -1)
	prev, key := 0, ""
	for _, l := range locs {
		out[key] += strings.TrimSpace(text[prev:l[0]])
		key, prev = normHeading(text[l[2]:l[3]]), l[1]
	}
	out[key] += strings.TrimSpace(text[prev:])
	return out
}

func normHeading(h string) string {
	return strings.ToLower(strings.Trim(strings.TrimSpace(h), "*_:"))
}

// requireSections is a contract: every named section must be present and non-empty.
func requireSections(names ...string) func(string) error {
	return func(text string) error {
		s := sections(text)
		var missing []string
		for _, n := range names {
			if strings.TrimSpace(s[strings.ToLower(n)]) == "" {
				missing = append(missing, "## "+n)
			}
		}
		if len(missing) > 0 {
			return fmt.Errorf("missing or empty sections: %s", strings.Join(missing, ", "))
		}
		return nil
	}
}

var bulletItem = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+(.*)$`)

// bullets returns the "- " or "* " or "1. " items of a section, each trimmed, continuation
// lines joined.
func bullets(section string) []string {
	var out []string
	for _, line := range strings.Split(section, "\n") {
		if m := bulletItem.FindStringSubmatch(line); m != nil {
			out = append(out, strings.TrimSpace(m[1]))
		} else if t := strings.TrimSpace(line); t != "" && len(out) > 0 {
			out[len(out)-1] += " " + t
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
