package warroom

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/war-room/war-room/engine/estimate"
)

// WriteDryRun prints a dry run: the mode, thresholds and timeouts, the panel with the modes
// each seat sits in, and the estimate of each mode. It makes no call; the panel's efforts are
// the levels each model is really sent.
func WriteDryRun(w io.Writer, opts Options, panel Panel, ests map[Mode]estimate.Estimate) error {
	fmt.Fprintf(w, "war-room deliberate (dry run: no session, no call)\n\nmode %s · thresholds %s", opts.Mode, opts.Thresholds)
	if opts.Preset != "" {
		fmt.Fprintf(w, " (preset %s)", opts.Preset)
	}
	fmt.Fprintf(w, "\nexpress ≤ %.2f < lightweight ≤ %.2f < full council ≤ %.2f < delphi\n", opts.Thresholds[0], opts.Thresholds[1], opts.Thresholds[2])
	fmt.Fprintf(w, "timeouts: expert %s, synthesis %s · delphi: threshold %.2f, at most %d rounds\n",
		opts.ExpertTimeout.Round(time.Second), opts.SynthesisTimeout.Round(time.Second), opts.DelphiThreshold, opts.DelphiMaxRounds)
	if line := opts.Baseline.DryRunLine(); line != "" {
		fmt.Fprintln(w, line)
	}
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
func writeEstimates(w io.Writer, ests map[Mode]estimate.Estimate) {
	fmt.Fprintln(w, "\nestimate, before any spend (phase 0's reversibility score picks the mode on auto; Delphi rounds and escalations add calls):")
	var basis []string
	for _, m := range Modes {
		if est, ok := ests[m]; ok {
			fmt.Fprintf(w, "  %s: %s\n", m, est)
			basis = est.Basis()
		}
	}
	for _, b := range basis {
		fmt.Fprintf(w, "    %s\n", b)
	}
}

func writePanel(w io.Writer, p Panel, planReview bool) {
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "SEAT\tPROFILE\tMODEL\tFAMILY\tEFFORT\tSITS IN")
	for _, m := range p.Members {
		var modes []string
		for _, mode := range Modes[1:] {
			if slices.Contains(seats(mode, planReview), m.Role) {
				modes = append(modes, string(mode))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", roleTitle(m.Role), m.Profile, m.Model, m.Family, m.Effort, strings.Join(modes, ", "))
	}
	tw.Flush()
}
