package reason

import (
	"github.com/war-room/war-room/engine"
)

// Rule is the chain's independence rule: every generator's family differs from the family of
// every compressor and attacker (each family declared), and in each pass the generators, the
// compressor and the attacker run on distinct execution profiles (a profile at an effort).
// The premise check and the synthesizer are outside it.
func (p Plan) Rule() engine.Rule {
	r := engine.Rule{Apart: []engine.Apart{{A: []string{roleGenerator}, B: []string{roleCompressor, roleAttacker}}}}
	var gens []string
	for _, s := range p.Slots {
		if s.Role == roleGenerator {
			gens = append(gens, s.Key)
		}
	}
	for pass := 1; pass <= p.Passes; pass++ {
		r.Distinct = append(r.Distinct, append(append([]string(nil), gens...), keyClaimMap(pass), keyAttack(pass)))
	}
	return r
}

// enginePlan is the plan as the engine judges and discloses it: one seat per slot, keyed and
// counted by its step.
func (p Plan) enginePlan() engine.Plan {
	// The caller's position is the attacker's alone: the generator and the compressor must
	// not be steered by it (the chain's trust boundary).
	out := engine.Plan{Rule: p.Rule(), Titles: map[string]string{}, Routes: map[string][]string{InputCallerPosition: {roleAttacker}}}
	for _, s := range p.Slots {
		out.Seats = append(out.Seats, engine.Seat{Key: s.Key, Role: s.Role, Step: s.Key, Profile: s.Profile,
			Family: s.Family, Effort: s.Effort})
		out.Titles[s.Role] = s.Role
	}
	return out
}

// derive judges the plan with the engine's rule, for the manifest and the dry run.
func (p Plan) derive() (label string, reasons []string) {
	j := p.enginePlan().Judge()
	return j.Label, j.Reasons
}
