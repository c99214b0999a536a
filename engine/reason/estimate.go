package reason

import (
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// assumedOutput is the output size, in tokens, assumed for a role that has never run here.
// These are guesses, shown as such; measured means from earlier runs replace them.
var assumedOutput = map[string]int64{RolePremise: 400, RoleGenerator: 1500, RoleCompressor: 800,
	RoleAttacker: 1500, RoleSynthesizer: 1200}

// promptOverhead approximates the preamble, fences and task text of one prompt, in bytes.
const promptOverhead = 1200

// Estimate is a dry run's forecast of one chain, per profile (never summed across them).
type Estimate struct {
	Calls    int           `json:"calls"`
	Profiles []ProfileCost `json:"profiles"`
	// Measured is true when output sizes came from earlier runs rather than assumptions.
	Measured bool `json:"measured"`
}

// ProfileCost is one profile's share of an estimate.
type ProfileCost struct {
	Profile      string `json:"profile"`
	Calls        int    `json:"calls"`
	InputTokens  int64  `json:"input_tokens"`
	OutputTokens int64  `json:"output_tokens"`
	// USD is set only for priced profiles.
	USD *float64 `json:"usd,omitempty"`
	// Latency is the sum of the mean latencies measured earlier on this profile for these
	// roles; nil when there is no measurement.
	Latency *time.Duration `json:"latency,omitempty"`
}

// EstimatePlan forecasts tokens, cost and latency for plan. Input sizes come from the actual
// inputs and role bodies (at four bytes a token); output sizes and latencies from history, the
// ledger of earlier runs, where it has them.
func EstimatePlan(plan Plan, inputs []engine.Input, profiles engine.Profiles, history []engine.LedgerEntry) Estimate {
	h := summarise(history)
	est := Estimate{Calls: plan.ExpectedCalls(), Measured: len(h.out) > 0}
	out := map[string]int64{}
	idx := map[string]int{}
	base := int64(0)
	s := engine.Session{Inputs: inputs}
	for _, n := range []string{InputQuestion, InputFacts, InputConstraints} {
		t, _ := s.Input(n)
		base += int64(len(t))
	}
	caller, _ := s.Input(InputCallerPosition)
	for _, slot := range plan.Slots {
		body, _ := RoleBody(slot.Role)
		in := (base+int64(len(body))+promptOverhead)/4 + fedTokens(plan, slot, out)
		if slot.Role == RoleAttacker {
			in += int64(len(caller)) / 4
		}
		out[slot.Key] = h.output(slot.Role)
		i, ok := idx[slot.Profile]
		if !ok {
			i, idx[slot.Profile] = len(est.Profiles), len(est.Profiles)
			est.Profiles = append(est.Profiles, ProfileCost{Profile: slot.Profile})
		}
		pc := &est.Profiles[i]
		pc.Calls++
		pc.InputTokens += in
		pc.OutputTokens += out[slot.Key]
		if lat, ok := h.latency[[2]string{slot.Profile, slot.Role}]; ok {
			sum := lat
			if pc.Latency != nil {
				sum += *pc.Latency
			}
			pc.Latency = &sum
		}
	}
	for i := range est.Profiles {
		pc := &est.Profiles[i]
		if p, err := profiles.Get(pc.Profile); err == nil {
			if usd, ok := p.Cost(provider.Usage{InputTokens: pc.InputTokens, OutputTokens: pc.OutputTokens}); ok {
				pc.USD = &usd
			}
		}
	}
	return est
}

// fedTokens is the estimated size of the artifacts slot receives from earlier slots.
func fedTokens(plan Plan, slot Slot, out map[string]int64) int64 {
	var n int64
	for _, earlier := range plan.Slots {
		if earlier.Key == slot.Key {
			break
		}
		if feeds(earlier, slot) {
			n += out[earlier.Key]
		}
	}
	return n
}

// feeds mirrors the entitlements in deliberate: who receives whose artifact.
func feeds(from, to Slot) bool {
	switch to.Role {
	case RoleCompressor:
		return from.Role == RoleGenerator || (from.Role == RoleCompressor && from.Pass < to.Pass)
	case RoleAttacker:
		return from.Role == RoleGenerator || (from.Role == RoleCompressor && from.Pass == to.Pass)
	case RoleSynthesizer:
		return true
	}
	return false
}

type history struct {
	out     map[string]int64
	latency map[[2]string]time.Duration
}

// summarise takes the mean output per role and the mean latency per profile and role of the
// successful calls in a ledger.
func summarise(entries []engine.LedgerEntry) history {
	type acc struct{ sum, n int64 }
	outs, lats := map[string]*acc{}, map[[2]string]*acc{}
	for _, e := range entries {
		if e.Outcome != engine.OutcomeOK || e.Scripted {
			continue
		}
		add := func(a *acc, v int64) { a.sum += v; a.n++ }
		if outs[e.Role] == nil {
			outs[e.Role] = &acc{}
		}
		k := [2]string{e.Profile, e.Role}
		if lats[k] == nil {
			lats[k] = &acc{}
		}
		add(outs[e.Role], e.Usage.OutputTokens)
		add(lats[k], e.LatencyMS)
	}
	h := history{out: map[string]int64{}, latency: map[[2]string]time.Duration{}}
	for r, a := range outs {
		h.out[r] = a.sum / a.n
	}
	for k, a := range lats {
		h.latency[k] = time.Duration(a.sum/a.n) * time.Millisecond
	}
	return h
}

func (h history) output(role string) int64 {
	if n, ok := h.out[role]; ok {
		return n
	}
	return assumedOutput[role]
}
