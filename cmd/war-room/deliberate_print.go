package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/protocols/warroom"
)

// dryRunWarRoom prints what a deliberation would do, without a session or a call, and what
// it is expected to take and cost in each mode it may be routed to.
func dryRunWarRoom(ctx context.Context, e *env, st *setup, opts warroom.Options, asJSON bool) error {
	panel, err := warroom.ResolvePanel(opts, st.Profiles)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	ests, err := warroom.Estimates(ctx, st.Store, opts, panel, st.Profiles)
	if err != nil {
		return err
	}
	for i, m := range panel.Members { // show the level each model is really sent
		panel.Members[i].Effort = st.Profiles.EffortSent(m.Profile, m.Effort)
	}
	if asJSON {
		return printJSON(e, map[string]any{"dry_run": true, "options": opts, "panel": panel, "estimates": ests})
	}
	w := e.stdout
	fmt.Fprintf(w, "war-room deliberate (dry run: no session, no call)\n\nmode %s · thresholds %s", opts.Mode, opts.Thresholds)
	if opts.Preset != "" {
		fmt.Fprintf(w, " (preset %s)", opts.Preset)
	}
	fmt.Fprintf(w, "\nexpress ≤ %.2f < lightweight ≤ %.2f < full council ≤ %.2f < delphi\n", opts.Thresholds[0], opts.Thresholds[1], opts.Thresholds[2])
	fmt.Fprintf(w, "timeouts: expert %s, synthesis %s · delphi: threshold %.2f, at most %d rounds\n",
		opts.ExpertTimeout.Round(time.Second), opts.SynthesisTimeout.Round(time.Second), opts.DelphiThreshold, opts.DelphiMaxRounds)
	writeBaseline(w, opts.Baseline)
	fmt.Fprintln(w)
	if opts.AgentTeams {
		fmt.Fprint(w, "agent-teams: on — in the full council and Delphi the red team questions the authors before it challenges "+
			"(one call, and up to one answer per course of action), the premortems run one after another, and Delphi members keep their own ballots\n\n")
	}
	writePanel(w, panel, opts.PlanReview)
	writeEstimates(w, ests)
	return nil
}

// writeEstimates prints the estimate of each mode, cheapest first, and what it rests on.
func writeEstimates(w io.Writer, ests map[warroom.Mode]estimate.Estimate) {
	fmt.Fprintln(w, "\nestimate, before any spend (phase 0's reversibility score picks the mode on auto; Delphi rounds and escalations add calls):")
	var basis []string
	for _, m := range warroom.Modes {
		if est, ok := ests[m]; ok {
			fmt.Fprintf(w, "  %s: %s\n", m, est)
			basis = est.Basis()
		}
	}
	for _, b := range basis {
		fmt.Fprintf(w, "    %s\n", b)
	}
}

func writePanel(w io.Writer, p warroom.Panel, planReview bool) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "SEAT\tPROFILE\tMODEL\tFAMILY\tEFFORT\tSITS IN")
	for _, m := range p.Members {
		var modes []string
		for _, mode := range warroom.Modes[1:] {
			if slices.Contains(warroom.Seats(mode, planReview), m.Role) {
				modes = append(modes, string(mode))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", warroom.RoleTitle(m.Role), m.Profile, m.Model, m.Family, m.Effort, strings.Join(modes, ", "))
	}
	tw.Flush()
}

// writeBaseline says, in a dry run, that a plain vote will follow the decision (--baseline).
func writeBaseline(w io.Writer, b engine.Baseline) {
	switch {
	case b.Matched:
		fmt.Fprintf(w, "baseline: once the panel has decided, a plain vote of as many independent calls as match the deliberation's tokens (at most %d), each shown only the question, the material and the final options\n", engine.MaxBaselineCalls)
	case b.On():
		fmt.Fprintf(w, "baseline: once the panel has decided, a plain vote of %d independent calls, each shown only the question, the material and the final options\n", b.Calls)
	}
}
