package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/session"
)

func init() {
	register(command{name: protocols.Verb(council.Protocol), run: runConvene})
}

// conveneFlags are war-room convene's flags.
type conveneFlags struct {
	common  commonFlags
	resume  string
	seed    string
	context contextFiles
	dry     bool
	approve approveFlag
	team    teamFlags
	demo    demoFlag
}

func (f *conveneFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	f.approve.register(fs)
	f.team.register(fs, &f.common)
	fs.Var(&f.context, "context", "a context file fed to every seat verbatim (repeatable)")
	fs.StringVar(&f.resume, "resume", "", "continue an interrupted or failed council session by id")
	fs.StringVar(&f.seed, "seed", "", "fix the seed that seats the team, deals the member labels and picks the arbiter (default: OS entropy)")
	fs.BoolVar(&f.dry, "dry-run", false, "print the seating, the arbiter and the expected calls; make no call")
	f.demo.register(fs, council.Protocol)
}

func runConvene(ctx context.Context, e *env, args []string) error {
	var f conveneFlags
	fs := newFlagSet(e, "convene", `"<question>" [flags] | --resume SESSION`)
	f.register(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if f.resume != "" {
		if len(pos) != 0 {
			return usageErr("--resume takes no question: the session has its own")
		}
		return f.resumeSession(ctx, e)
	}
	if pos, err = f.demo.apply(e, &f.common, pos); err != nil {
		return err
	}
	if f.demo.on {
		*f.team.protocol.bools["go"] = true // no one to confirm the roster of a scripted team
	}
	if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
		return usageErr(`convene takes exactly one question, quoted: war-room convene "Should we …?"`)
	}
	if err := f.team.protocol.check(); err != nil {
		return err
	}
	inputs, err := f.inputs(pos[0])
	if err != nil {
		return err
	}
	seed, source, err := deliberationSeed(f.seed)
	if err != nil {
		return err
	}
	st, err := f.common.open(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	sur, err := f.team.surround(ctx, e)
	if err != nil {
		return err
	}
	if f.dry {
		opts, err := f.team.councilOptions(st, sur)
		if err != nil {
			return err
		}
		return dryRunCouncil(ctx, e, st, opts, seed, f.common.json)
	}
	out := f.team.runner(ctx, e, st).Run(ctx, session.Request{Protocol: council.Protocol, Question: pos[0], Context: inputs[1:],
		Flags: f.team.protocol.request(), Seed: seed, SeedSource: source, Answers: f.approve.answers(), Surround: sur})
	return f.end(ctx, e, st, out)
}

// inputs captures the question and every context file verbatim.
func (f *conveneFlags) inputs(question string) ([]engine.Input, error) {
	return questionAndContext(council.InputQuestion, question, f.context)
}

func (f *conveneFlags) resumeSession(ctx context.Context, e *env) error {
	st, err := f.common.open(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := checkProtocol(ctx, st.Store, f.common.where(e), f.resume, council.Protocol); err != nil {
		return err
	}
	return f.end(ctx, e, st, f.team.runner(ctx, e, st).Run(ctx, session.Request{SessionID: f.resume, Answers: f.approve.answers()}))
}

// end prints the decision; a failure prints nothing on stdout (no ruling is improvised) and
// says how to resume.
func (f *conveneFlags) end(ctx context.Context, e *env, st *setup, out *session.Outcome) error {
	return endSession(e, "convene", out, func(d *decision.Decision) error {
		if err := f.team.finish(ctx, e, st.Store, d, f.common.json); err != nil {
			return err
		}
		return f.demo.page(ctx, e, &f.common, d.SessionID)
	})
}

// dryRunCouncil prints the seating a session with this seed would use, without a session or a
// call.
func dryRunCouncil(ctx context.Context, e *env, st *setup, opts council.Options, seed int64, asJSON bool) error {
	plan, err := council.PreviewPlan(opts, st.Profiles, seed)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	sent := func(a *council.Assignment) { a.Effort = st.Profiles.EffortSent(a.Profile, a.Effort) }
	for i := range plan.Seats { // show the level each model is really sent
		sent(&plan.Seats[i])
	}
	sent(&plan.Clerk)
	sent(&plan.Arbiter)
	if asJSON {
		est, err := council.Estimate(ctx, st.Store, opts, plan, st.Profiles)
		if err != nil {
			return err
		}
		return printJSON(e, map[string]any{"dry_run": true, "seed": seed, "options": opts, "plan": plan,
			"expected_calls": opts.ExpectedCalls(), "estimate": est})
	}
	w := e.stdout
	fmt.Fprintf(w, "war-room convene (dry run: no session, no call)\n\nseed %d (pass --seed %[1]d to get exactly this seating)\n", seed)
	seat, _ := opts.TimeoutFor(council.TimeoutSeat, plan.Seats[0].Effort)
	arbiter, _ := opts.TimeoutFor(council.TimeoutArbiter, plan.Arbiter.Effort)
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
	for _, a := range append(append([]council.Assignment(nil), plan.Seats...), plan.Clerk, plan.Arbiter) {
		pinned := ""
		if a.Pinned {
			pinned = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", council.RoleTitle(a.Role), orDash(a.Label), a.Profile, a.Model, orDash(a.Family), a.Effort, pinned)
	}
	tw.Flush()
	fmt.Fprintf(w, "\narbiter path: %s", plan.ArbiterPath)
	if plan.Residual != "" {
		fmt.Fprintf(w, " — %s", plan.Residual)
	}
	fmt.Fprintln(w)
	return printEstimate(ctx, e, st, opts, plan)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
