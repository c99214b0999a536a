package reason

import "fmt"

// Derive judges independence from the resolved slots alone: a run is conforming when every
// generator's family differs from the family of every compressor and attacker, every family
// is declared, and in each pass the generators, the compressor and the attacker run on
// distinct execution profiles (a profile at an effort). Anything else is
// reduced-independence, with the reasons why.
func Derive(slots []Slot) (label string, reasons []string) {
	var gens []Slot
	passes := map[int][]Slot{}
	for _, s := range slots {
		switch s.Role {
		case RoleGenerator:
			gens = append(gens, s)
		case RoleCompressor, RoleAttacker:
			passes[s.Pass] = append(passes[s.Pass], s)
		}
	}
	add := func(format string, args ...any) {
		r := fmt.Sprintf(format, args...)
		for _, have := range reasons {
			if have == r {
				return
			}
		}
		reasons = append(reasons, r)
	}
	for _, s := range slots {
		if s.Family == "" && s.Role != RolePremise && s.Role != RoleSynthesizer {
			add("profile %q declares no family, so its independence cannot be shown", s.Profile)
		}
	}
	for p := 1; p <= len(passes); p++ {
		for _, g := range gens {
			for _, x := range passes[p] {
				if g.Family != "" && g.Family == x.Family {
					add("%s (%s) and %s (%s) are both family %s", slotLabel(g), g.Profile, slotLabel(x), x.Profile, g.Family)
				}
			}
		}
		group := append(append([]Slot(nil), gens...), passes[p]...)
		for i, a := range group {
			for _, b := range group[i+1:] {
				if a.Profile == b.Profile && a.Effort == b.Effort {
					add("%s and %s run on the same execution profile (%s at %s effort)", slotLabel(a), slotLabel(b), a.Profile, a.Effort)
				}
			}
		}
	}
	if len(reasons) == 0 {
		return Conforming, nil
	}
	return ReducedIndependence, reasons
}
