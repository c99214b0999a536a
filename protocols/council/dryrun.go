package council

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/war-room/war-room/engine/estimate"
)

// WriteDryRun prints the seating a session with this seed would use — the seats and their
// labels, the clerk and the arbiter, the arbiter's path — and its estimate, with no session
// and no call. The plan's efforts are the levels each model is really sent.
func WriteDryRun(w io.Writer, opts Options, plan Plan, seed int64, est estimate.Estimate) error {
	fmt.Fprintf(w, "war-room convene (dry run: no session, no call)\n\nseed %d (pass --seed %[1]d to get exactly this seating)\n", seed)
	seat, _ := opts.TimeoutFor(timeoutSeat, plan.Seats[0].Effort)
	arbiter, _ := opts.TimeoutFor(timeoutArbiter, plan.Arbiter.Effort)
	fmt.Fprintf(w, "profile %s · %d seats · %d cross-examination round(s) · %d calls expected · timeouts: a seat %s, the arbiter %s (protocols.council.timeouts)\n",
		orDash(opts.Profile), len(plan.Seats), opts.Rounds, opts.ExpectedCalls(), seat, arbiter)
	if line := opts.Baseline.DryRunLine(); line != "" {
		fmt.Fprintln(w, line)
	}
	if opts.PersonalData {
		fmt.Fprintln(w, "personal data: no member memory is read or proposed, and every call is told to repeat no personal detail it does not need")
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "ROLE\tLABEL\tPROFILE\tMODEL\tFAMILY\tEFFORT\tPINNED")
	for _, a := range append(append([]Assignment(nil), plan.Seats...), plan.Clerk, plan.Arbiter) {
		pinned := ""
		if a.Pinned {
			pinned = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", roleTitle(a.Role), orDash(a.Label), a.Profile, a.Model, orDash(a.Family), a.Effort, pinned)
	}
	tw.Flush()
	fmt.Fprintf(w, "\narbiter path: %s", plan.ArbiterPath)
	if plan.Residual != "" {
		fmt.Fprintf(w, " — %s", plan.Residual)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "\nestimate: %s\n", est)
	for _, line := range est.Basis() {
		fmt.Fprintf(w, "  %s\n", line)
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
