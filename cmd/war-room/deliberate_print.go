package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/warroom"
)

// dryRunWarRoom prints what a deliberation would do, without a session or a call.
func dryRunWarRoom(e *env, opts warroom.Options, ps engine.Profiles, asJSON bool) error {
	panel, err := warroom.ResolvePanel(opts, ps)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	for i, m := range panel.Members { // show the level each model is really sent
		panel.Members[i].Effort = ps.EffortSent(m.Profile, m.Effort)
	}
	if asJSON {
		return printJSON(e, map[string]any{"dry_run": true, "options": opts, "panel": panel})
	}
	w := e.stdout
	fmt.Fprintf(w, "war-room deliberate (dry run: no session, no call)\n\nmode %s · thresholds %s", opts.Mode, opts.Thresholds)
	if opts.Preset != "" {
		fmt.Fprintf(w, " (preset %s)", opts.Preset)
	}
	fmt.Fprintf(w, "\nexpress ≤ %.2f < lightweight ≤ %.2f < full council ≤ %.2f < delphi\n", opts.Thresholds[0], opts.Thresholds[1], opts.Thresholds[2])
	fmt.Fprintf(w, "timeouts: expert %s, synthesis %s · delphi: threshold %.2f, at most %d rounds\n\n",
		opts.ExpertTimeout.Round(time.Second), opts.SynthesisTimeout.Round(time.Second), opts.DelphiThreshold, opts.DelphiMaxRounds)
	writePanel(w, panel, opts.PlanReview)
	return nil
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
