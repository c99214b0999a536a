package warroom

import (
	"context"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
)

// callPlan is what a deliberation routed to mode calls when nothing fails, nothing escalates
// and (in Delphi) the panel converges at its first vote, round by round: phase 0 with the
// intelligence reports beside it, then the express path, or the situation assessment, the
// courses of action, the escalation check with the challenges beside it (a full council's),
// the vote, the premortems, the synthesis and the baseline vote the session asks for.
// Agent-teams mode adds the red team's questions and an answer per course of action (its
// most: the red team may ask fewer), and runs the premortems one after another.
func callPlan(opts Options, p Panel, mode Mode) estimate.Plan {
	seat := func(role string) estimate.Call {
		for _, m := range p.Members {
			if m.Role == role {
				return estimate.Call{Role: role, Profile: m.Profile, Effort: m.Effort}
			}
		}
		return estimate.Call{Role: role}
	}
	phase := func(name string, roles ...string) estimate.Phase {
		ph := estimate.Phase{Name: name}
		for _, r := range roles {
			ph.Calls = append(ph.Calls, seat(r))
		}
		return ph
	}
	// Phase 0's round holds the intelligence reports asked beside it (on auto the scout's,
	// whichever mode is then picked: on the express path it is speculative).
	ahead := intelAhead(opts)
	opening := phase("phase0", append([]string{chiefStrategist}, ahead...)...)
	if len(ahead) > 0 {
		opening.Name = "phase0+intel"
	}
	out := estimate.Plan{Seats: len(seats(mode, opts.PlanReview)), Phases: []estimate.Phase{opening}}
	if mode == ModeExpress {
		out.Phases = append(out.Phases, phase("express", chiefStrategist))
		if opts.PlanReview {
			out.Phases = append(out.Phases, phase("express-check", prosecutionCounsel))
		}
		out.Phases = append(out.Phases, phase("synthesis", SupremeCommander))
		return out // the express path weighs no courses of action: no baseline vote follows it
	}
	voters := voters(mode, opts.PlanReview)
	teams := opts.AgentTeams && (mode == ModeFull || mode == ModeDelphi)
	if rest := without(intelSeats(mode), ahead); len(rest) > 0 {
		out.Phases = append(out.Phases, phase("intel", rest...))
	}
	out.Phases = append(out.Phases, phase("assessment", chiefStrategist), phase("coa", coaAuthors(mode)...))
	beside := challengesBeside(mode, teams)
	if beside {
		out.Phases = append(out.Phases, phase("escalation+challenge", append([]string{SupremeCommander}, challengeSeats...)...))
	} else {
		out.Phases = append(out.Phases, phase("escalation", SupremeCommander))
	}
	if teams {
		// The red team's questions, and at most one answer per course of action, by its author.
		var answers []string
		for _, a := range coaAuthors(mode) {
			spec, _ := spec(a)
			for range spec.COAs {
				answers = append(answers, a)
			}
		}
		out.Phases = append(out.Phases, phase("questions", redTeam), phase("answers", answers...))
	}
	if !beside {
		out.Phases = append(out.Phases, phase("challenge", challengeSeats...))
	}
	out.Phases = append(out.Phases, phase("vote", voters...))
	if teams {
		// Premortems one after another, each reading the ones before.
		for _, v := range voters {
			out.Phases = append(out.Phases, phase("premortem", v))
		}
	} else {
		out.Phases = append(out.Phases, phase("premortem", voters...))
	}
	out.Phases = append(out.Phases, phase("synthesis", SupremeCommander))
	return withBaseline(out, opts, p)
}

// withBaseline adds the plain vote the session asks for beside the decision, if any, over the
// courses of action the panel weighed.
func withBaseline(plan estimate.Plan, opts Options, p Panel) estimate.Plan {
	if ph := estimate.BaselinePhase(opts.Baseline, p.seats(), plan.Calls()); len(ph.Calls) > 0 {
		plan.Phases = append(plan.Phases, ph)
	}
	return plan
}

// Estimates forecasts a deliberation for every mode it may be routed to: the one forced, or,
// on auto, each that the reversibility score can pick. History is the store's record of
// earlier war-room sessions.
func Estimates(ctx context.Context, st engine.Store, opts Options, p Panel, ps engine.Profiles) (map[Mode]estimate.Estimate, error) {
	ledger, n, err := estimate.Recorded(ctx, st, Protocol, 0)
	if err != nil {
		return nil, err
	}
	cal := estimate.Calibrate(ledger, n)
	modes := []Mode{opts.Mode}
	if opts.Mode == ModeAuto {
		modes = []Mode{ModeExpress, ModeLightweight, ModeFull}
	}
	out := map[Mode]estimate.Estimate{}
	for _, m := range modes {
		out[m] = estimate.Forecast(callPlan(opts, p, m), ps, cal)
	}
	return out, nil
}

// Estimate is the session's forecast as the engine keeps it: on auto, one range over every
// mode the reversibility score may pick, since the mode is chosen only after the first call.
func (runner) Estimate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Forecast, error) {
	opts, p, err := sessionPanel(r)
	if err != nil {
		return engine.Forecast{}, err
	}
	ests, err := Estimates(ctx, r.Store(), opts, p, r.Profiles())
	if err != nil {
		return engine.Forecast{}, err
	}
	var all []estimate.Estimate
	var why string
	for _, m := range Modes { // a fixed order, so the record does not depend on map order
		if e, ok := ests[m]; ok {
			all = append(all, e)
		}
	}
	mode := opts.Mode
	if mode == ModeAuto {
		mode, why = ModeFull, "the ranges span the express, lightweight and full-council modes automatic routing may pick"
	}
	return estimate.Span(all, seats(mode, opts.PlanReview), why), nil
}
