package protocols

import (
	"context"
	"fmt"
	"io"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/protocols/reason"
	"github.com/war-room/war-room/protocols/warroom"
)

// The built-in protocols' registry hooks: how the reason chain ends and is admitted, and
// each protocol's own dry run.

var reasonEnding = Ending{Result: reason.Result, Keep: reason.Export, KeptRun: reason.KeptRun,
	Paused: reason.Paused, Declined: reason.Declined}

// reasonPlan draws the chain's roles on the profiles, as a session of req would: an
// impossible topology (a second generator with no distinct profile for it) is an error.
func reasonPlan(cfg *config.Config, profiles engine.Profiles, req Request) (reason.Plan, error) {
	opts, err := reasonOptions(cfg, req.Flags)
	if err != nil {
		return reason.Plan{}, err
	}
	return reason.Assign(opts, req.Seed, reason.Families(profiles))
}

// admitReason refuses a request whose roles the profiles cannot seat.
func admitReason(cfg *config.Config, profiles engine.Profiles, req Request) error {
	_, err := reasonPlan(cfg, profiles, req)
	return err
}

// previewReason is the chain's dry run: its role table, independence, expected calls and
// artifacts, and its estimate per profile.
func previewReason(ctx context.Context, in PreviewInput) (Preview, error) {
	plan, err := reasonPlan(in.Config, in.Profiles, in.Request)
	if err != nil {
		return Preview{}, &Refused{Err: err}
	}
	s, err := startReason(in.Config, in.Request)
	if err != nil {
		return Preview{}, &Refused{Err: err}
	}
	history, _, err := estimate.Recorded(ctx, in.Store, reason.Protocol, 0)
	if err != nil {
		return Preview{}, fmt.Errorf("read earlier runs: %w", err)
	}
	est := reason.EstimatePlan(plan, s.Inputs, in.Profiles, history)
	return Preview{JSON: map[string]any{"dry_run": true, "plan": plan, "estimate": est},
		Write: func(w io.Writer) error { return reason.WritePlan(w, plan, in.Request.SeedSource, est, in.Profiles) }}, nil
}

// previewWarRoom is war-room's dry run: the mode and thresholds, the panel and the modes each
// seat sits in, and the estimate of every mode the question may be routed to.
func previewWarRoom(ctx context.Context, in PreviewInput) (Preview, error) {
	opts, err := warRoomOptions(in.Config, in.Request.Flags)
	if err != nil {
		return Preview{}, &Refused{Err: err}
	}
	inputs := append([]engine.Input{engine.NewInput(warroom.InputQuestion, in.Request.Question)}, in.Request.Context...)
	opts = opts.Sized(in.Request.Question, inputs)
	panel, err := warroom.ResolvePanel(opts, in.Profiles)
	if err != nil {
		return Preview{}, &Refused{Err: err}
	}
	ests, err := warroom.Estimates(ctx, in.Store, opts, panel, in.Profiles)
	if err != nil {
		return Preview{}, err
	}
	for i, m := range panel.Members { // show the level each model is really sent
		panel.Members[i].Effort = in.Profiles.EffortSent(m.Profile, m.Effort)
	}
	return Preview{JSON: map[string]any{"dry_run": true, "options": opts, "panel": panel, "estimates": ests},
		Write: func(w io.Writer) error { return warroom.WriteDryRun(w, opts, panel, ests) }}, nil
}

// previewCouncil is the standing team's dry run: the seating this seed gives, the arbiter's
// path and the estimate.
func previewCouncil(ctx context.Context, in PreviewInput) (Preview, error) {
	opts, err := councilOptions(in.Config, in.Request.Flags, in.Request.Surround)
	if err != nil {
		return Preview{}, &Refused{Err: err}
	}
	plan, err := council.PreviewPlan(opts, in.Profiles, in.Request.Seed)
	if err != nil {
		return Preview{}, &Refused{Err: err}
	}
	sent := func(a *council.Assignment) { a.Effort = in.Profiles.EffortSent(a.Profile, a.Effort) }
	for i := range plan.Seats { // show the level each model is really sent
		sent(&plan.Seats[i])
	}
	sent(&plan.Clerk)
	sent(&plan.Arbiter)
	est, err := council.Estimate(ctx, in.Store, opts, plan, in.Profiles)
	if err != nil {
		return Preview{}, err
	}
	seed := in.Request.Seed
	return Preview{JSON: map[string]any{"dry_run": true, "seed": seed, "options": opts, "plan": plan,
		"expected_calls": opts.ExpectedCalls(), "estimate": est},
		Write: func(w io.Writer) error { return council.WriteDryRun(w, opts, plan, seed, est) }}, nil
}
