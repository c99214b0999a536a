package reason

import (
	"context"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
)

// assumedOutput is the output size, in tokens, assumed for a role that has never run here.
// These are guesses, shown as such; measured means from earlier runs replace them.
var assumedOutput = map[string]int64{rolePremise: 400, roleGenerator: 1500, roleCompressor: 800,
	roleAttacker: 1500, roleSynthesizer: 1200}

// promptOverhead approximates the preamble, fences and task text of one prompt, in bytes.
const promptOverhead = 1200

// Estimate is a dry run's forecast of one chain, per profile (never summed across them), and
// the shared forecast of its minutes and dollars as ranges.
type Estimate struct {
	Calls    int           `json:"calls"`
	Profiles []profileCost `json:"profiles"`
	// Measured is true when output sizes came from earlier runs rather than assumptions.
	Measured bool `json:"measured"`
	// Forecast is the chain's calls, one after another, priced by the estimator every
	// protocol shares (engine/estimate), with this chain's own token sizes.
	Forecast estimate.Estimate `json:"forecast"`
}

// profileCost is one profile's share of an estimate.
type profileCost struct {
	Profile      string `json:"profile"`
	Calls        int    `json:"calls"`
	InputTokens  int64  `json:"input_tokens"`
	OutputTokens int64  `json:"output_tokens"`
	// USD is set only for priced profiles.
	USD *float64 `json:"usd,omitempty"`
	// Latency is the sum of the median latencies recorded earlier on this profile for these
	// roles; nil when there is no measurement.
	Latency *time.Duration `json:"latency,omitempty"`
}

// EstimatePlan forecasts tokens, cost and latency for plan. Input sizes come from the actual
// inputs and role bodies (at four bytes a token); output sizes and latencies from history, the
// ledger of earlier runs, where it has them.
func EstimatePlan(plan Plan, inputs []engine.Input, profiles engine.Profiles, history []ledger.Entry) Estimate {
	cal := estimate.Calibrate(history, 0)
	output := func(role string) int64 {
		if n, ok := cal.Output(role); ok {
			return n
		}
		return assumedOutput[role]
	}
	measured := false
	for _, slot := range plan.Slots {
		_, ok := cal.Output(slot.Role)
		measured = measured || ok
	}
	est := Estimate{Calls: plan.ExpectedCalls(), Measured: measured}
	out := map[string]int64{}
	idx := map[string]int{}
	base := int64(0)
	s := engine.Session{Inputs: inputs}
	for _, n := range []string{InputQuestion, InputFacts, InputConstraints} {
		t, _ := s.Input(n)
		base += int64(len(t))
	}
	caller, _ := s.Input(InputCallerPosition)
	fp := estimate.Plan{Seats: len(plan.Slots)}
	for _, slot := range plan.Slots {
		body, _ := roleBody(slot.Role)
		in := (base+int64(len(body))+promptOverhead)/4 + fedTokens(plan, slot, out)
		if slot.Role == roleAttacker {
			in += int64(len(caller)) / 4
		}
		out[slot.Key] = output(slot.Role)
		call := estimate.Call{Role: slot.Role, Profile: slot.Profile, Effort: slot.Effort, InputTokens: in, OutputTokens: out[slot.Key]}
		if n := len(fp.Phases); slot.Role == roleGenerator && n > 0 && fp.Phases[n-1].Name == "opening" {
			// The generators run beside the premise check: one round.
			fp.Phases[n-1].Calls = append(fp.Phases[n-1].Calls, call)
		} else {
			name := slot.Key
			if slot.Role == rolePremise {
				name = "opening"
			}
			fp.Phases = append(fp.Phases, estimate.Phase{Name: name, Calls: []estimate.Call{call}})
		}
		i, ok := idx[slot.Profile]
		if !ok {
			i, idx[slot.Profile] = len(est.Profiles), len(est.Profiles)
			est.Profiles = append(est.Profiles, profileCost{Profile: slot.Profile})
		}
		pc := &est.Profiles[i]
		pc.Calls++
		pc.InputTokens += in
		pc.OutputTokens += out[slot.Key]
		if lat, n := cal.Measured(slot.Profile, slot.Role); n > 0 {
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
	est.Forecast = estimate.Forecast(fp, profiles, cal)
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
	case roleCompressor:
		return from.Role == roleGenerator || (from.Role == roleCompressor && from.Pass < to.Pass)
	case roleAttacker:
		return from.Role == roleGenerator || (from.Role == roleCompressor && from.Pass == to.Pass)
	case roleSynthesizer:
		return true
	}
	return false
}

// Estimate is the chain's forecast as the engine keeps it, made from the same stored plan and
// inputs, and the same record of earlier chains, as the dry run's.
func (runner) Estimate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Forecast, error) {
	c, err := newChain(ctx, r)
	if err != nil {
		return engine.Forecast{}, err
	}
	history, _, err := estimate.Recorded(ctx, r.Store(), Protocol, 0)
	if err != nil {
		return engine.Forecast{}, err
	}
	return EstimatePlan(c.plan, c.s.Inputs, r.Profiles(), history).Forecast.Neutral(nil), nil
}
