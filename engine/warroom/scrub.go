package warroom

import "strings"

// panelIdentities lists what the scrubber withholds for a panel.
func panelIdentities(p Panel) []string {
	var out []string
	for _, r := range Registry {
		out = append(out, r.Title, r.Key, strings.ReplaceAll(r.Key, "-", " "))
	}
	for _, m := range p.Members {
		out = append(out, m.Profile, m.Model)
	}
	return out
}
