package council

import (
	"context"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/provider"
)

// keyEstimate is the step the estimate shown before any seat call is stored under, so that
// the record can set it beside what the session spent.
const keyEstimate = "estimate"

// callPlan is what a seated team will call, phase by phase, when nothing fails: triage (when
// the session has it), the blind positions, the docket, each cross-examination round, the
// closing ballot, the ruling and the baseline vote the session asks for. Triage shares the
// blind positions' round when no card waits between them and its answer streams (triageAhead
// then calls the seats once its first line says the question needs a team).
func callPlan(opts Options, plan Plan, triageStreams bool) estimate.Plan {
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
	blind := seats(keyBlind)
	switch {
	case opts.Triage && triageStreams && (opts.Go || opts.Version == 0):
		blind.Name, blind.Calls = keyTriage+"+"+keyBlind, append([]estimate.Call{call(plan.Triage)}, blind.Calls...)
	case opts.Triage:
		out.Phases = append(out.Phases, estimate.Phase{Name: keyTriage, Calls: []estimate.Call{call(plan.Triage)}})
	}
	out.Phases = append(out.Phases, blind, estimate.Phase{Name: keyDocket, Calls: []estimate.Call{call(plan.Clerk)}})
	for round := 1; round <= opts.Rounds; round++ {
		out.Phases = append(out.Phases, seats(keyCross(round)))
	}
	out.Phases = append(out.Phases, seats(keyClosing), estimate.Phase{Name: keyRuling, Calls: []estimate.Call{call(plan.Arbiter)}})
	if ph := estimate.BaselinePhase(opts.Baseline, engineSeats(opts, plan), out.Calls()); len(ph.Calls) > 0 {
		out.Phases = append(out.Phases, ph)
	}
	return out
}

// Estimate forecasts a seated team from the store's record of earlier standing-team sessions.
func Estimate(ctx context.Context, st engine.Store, opts Options, plan Plan, ps engine.Profiles) (estimate.Estimate, error) {
	ledger, n, err := estimate.Recorded(ctx, st, Protocol, 0)
	if err != nil {
		return estimate.Estimate{}, err
	}
	return estimate.Forecast(callPlan(opts, plan, streams(ps, plan.Triage.Profile)), ps, estimate.Calibrate(ledger, n)), nil
}

// streams reports whether the named profile's answers stream in: a vendor's API does, a
// script or an agent CLI does not.
func streams(ps engine.Profiles, profile string) bool {
	p, err := ps.Get(profile)
	return err == nil && p.Type != provider.TypeScript && p.Type != provider.TypeCLI
}

// Estimate is the session's forecast as the engine keeps it, counting the deliberating seats
// only. It is the card's forecast, made from the same plan and history before the first call
// (the engine stores it under its own step, the card under keyEstimate). It takes the card's
// step itself, so the history is read once per session: reading it decodes every listed
// session's inputs, this one's included (a megabyte of --context costs tens of milliseconds
// each time), and the preflight then finds the card's estimate stored.
func (runner) Estimate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Forecast, error) {
	plan, opts, err := seating(ctx, r)
	if err != nil {
		return engine.Forecast{}, err
	}
	est, err := estimateStep(ctx, r, opts, plan)
	if err != nil {
		return engine.Forecast{}, err
	}
	roles := make([]string, 0, len(plan.Seats))
	for _, a := range plan.Seats {
		roles = append(roles, a.Role)
	}
	return est.Neutral(roles), nil
}

// estimateStep forecasts the session once, before its first seat call; a resume shows the
// same card.
func estimateStep(ctx context.Context, r *engine.Run, opts Options, plan Plan) (estimate.Estimate, error) {
	return engine.Step(ctx, r, keyEstimate, func(ctx context.Context) (estimate.Estimate, error) {
		return Estimate(ctx, r.Store(), opts, plan, r.Profiles())
	})
}
