package council

import (
	"context"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
)

// keyEstimate is the step the estimate shown before any seat call is stored under, so that
// the record can set it beside what the session spent.
const keyEstimate = "estimate"

// CallPlan is what a seated team will call, phase by phase, when nothing fails: triage (when
// the session has it), the blind positions, the docket, each cross-examination round, the
// closing ballot and the ruling.
func CallPlan(opts Options, plan Plan) estimate.Plan {
	call := func(a Assignment) estimate.Call {
		return estimate.Call{Role: a.Role, Profile: a.Profile, Effort: a.Effort}
	}
	seats := func(name string) estimate.Phase {
		ph := estimate.Phase{Name: name}
		for _, a := range plan.Seats {
			ph.Calls = append(ph.Calls, call(a))
		}
		return ph
	}
	out := estimate.Plan{Seats: len(plan.Seats)}
	if opts.Triage {
		out.Phases = append(out.Phases, estimate.Phase{Name: keyTriage, Calls: []estimate.Call{call(plan.Triage)}})
	}
	out.Phases = append(out.Phases, seats(keyBlind), estimate.Phase{Name: keyDocket, Calls: []estimate.Call{call(plan.Clerk)}})
	for round := 1; round <= opts.Rounds; round++ {
		out.Phases = append(out.Phases, seats(keyCross(round)))
	}
	return estimate.Plan{Seats: out.Seats, Phases: append(out.Phases, seats(keyClosing),
		estimate.Phase{Name: keyRuling, Calls: []estimate.Call{call(plan.Arbiter)}})}
}

// Estimate forecasts a seated team from the store's record of earlier standing-team sessions.
func Estimate(ctx context.Context, st engine.Store, opts Options, plan Plan, ps engine.Profiles) (estimate.Estimate, error) {
	ledger, n, err := estimate.Recorded(ctx, st, Protocol, 0)
	if err != nil {
		return estimate.Estimate{}, err
	}
	return estimate.Forecast(CallPlan(opts, plan), ps, estimate.Calibrate(ledger, n)), nil
}

// estimateStep forecasts the session once, before its first seat call; a resume shows the
// same card.
func (s *state) estimateStep(ctx context.Context) (estimate.Estimate, error) {
	return engine.Step(ctx, s.r, keyEstimate, func(ctx context.Context) (estimate.Estimate, error) {
		return Estimate(ctx, s.r.Store(), s.opts, s.plan, s.r.Profiles())
	})
}
