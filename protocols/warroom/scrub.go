package warroom

// panelIdentities lists what the scrubber withholds for a panel: every role's title and key,
// and every seat's profile and model.
func panelIdentities(p Panel) []string {
	out := registry.Identities()
	for _, m := range p.Members {
		out = append(out, m.Profile, m.Model)
	}
	return out
}
