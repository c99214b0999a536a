package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/reason"
	"github.com/war-room/war-room/session"
)

func init() {
	register(command{name: protocols.Verb(reason.Protocol), run: runReason})
}

// reasonFlags are war-room reason's flags. The caller supplies inputs only as files, captured
// verbatim: it never writes a role's prompt.
type reasonFlags struct {
	common                                 commonFlags
	protocol                               *protocolFlags
	facts, constraints, caller, keep, seed string
	approve, dry                           bool
	demo                                   demoFlag
}

func (f *reasonFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	fs.StringVar(&f.facts, "facts", "", "file of facts and paths the chain may rely on (default: none supplied)")
	fs.StringVar(&f.constraints, "constraints", "", "file of stated constraints: budget, deadline, must-keep, must-not")
	fs.StringVar(&f.caller, "caller-position", "", "file with your own tentative answer; only the attacker sees it")
	f.protocol = registerProtocolFlags(fs, reason.Protocol)
	fs.StringVar(&f.seed, "seed", "", "reproduce a run's role assignment (default: drawn from the OS entropy source)")
	fs.BoolVar(&f.approve, "approve-reduced-independence", false, "approve a run whose roles are not on independent model families")
	fs.StringVar(&f.keep, "keep", "", "write the run's inputs, manifest, ledger and artifacts into this directory")
	fs.BoolVar(&f.dry, "dry-run", false, "print the role table, independence and estimate; make no call")
	f.demo.register(fs, reason.Protocol)
}

func runReason(ctx context.Context, e *env, args []string) error {
	var f reasonFlags
	fs := newFlagSet(e, "reason", `"<question>" [flags]`)
	f.register(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if pos, err = f.demo.apply(e, &f.common, pos); err != nil {
		return err
	}
	if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
		return usageErr(`reason takes exactly one question, quoted: war-room reason "Should we …?"`)
	}
	if err := f.protocol.check(); err != nil {
		return err
	}
	question := pos[0]
	inputs, err := f.inputs(question)
	if err != nil {
		return err
	}
	seed, source, err := f.seedValue()
	if err != nil {
		return err
	}
	st, err := f.common.open(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	opts, err := protocols.ReasonOptions(st.Config, f.protocol.request())
	if err != nil {
		return exitErr(exitUsage, err)
	}
	// Planning first refuses an impossible topology (--high-assurance without a second
	// profile) before a session exists.
	plan, err := reason.Assign(opts, seed, reason.Families(st.Profiles))
	if err != nil {
		return exitErr(exitUsage, err)
	}
	if f.dry {
		return f.dryRun(ctx, e, st, plan, inputs, source)
	}
	if err := checkKeep(reason.Protocol, f.keep, ""); err != nil {
		return err
	}
	out := st.runner(e).Run(ctx, session.Request{Protocol: reason.Protocol, Question: question, Context: inputs[1:],
		Flags: f.protocol.request(), Seed: seed, SeedSource: source, Answers: f.answers()})
	if notStarted(out) {
		return endSession(e, "reason", out, nil)
	}
	err = protocolEnd{protocol: reason.Protocol, keep: f.keep, asJSON: f.common.json}.report(ctx, e, st, out.Session.ID, out.Decision, outcomeErr(out))
	if err == nil && out.Decision != nil {
		err = f.demo.page(ctx, e, &f.common, out.Session.ID)
	}
	return err
}

// inputs reads the input files verbatim.
func (f *reasonFlags) inputs(question string) ([]engine.Input, error) {
	var texts [3]string
	for i, path := range []string{f.facts, f.constraints, f.caller} {
		if path == "" {
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, exitErr(exitUsage, fmt.Errorf("read input: %w", err))
		}
		texts[i] = string(b)
	}
	return reason.Inputs(question, texts[0], texts[1], texts[2]), nil
}

func (f *reasonFlags) seedValue() (int64, string, error) {
	if f.seed == "" {
		return engine.NewSeed(), "crypto/rand", nil
	}
	n, err := strconv.ParseUint(f.seed, 10, 32)
	if err != nil {
		return 0, "", usageErr("--seed wants a number from 0 to 4294967295, got %q", f.seed)
	}
	return int64(n), "--seed", nil
}

func (f *reasonFlags) answers() map[string]string {
	a := protocols.FlagAnswers(reason.Protocol, f.protocol.request())
	if f.approve {
		a[reason.GateReducedIndependence] = reason.AnswerApprove
	}
	return a
}

func (f *reasonFlags) dryRun(ctx context.Context, e *env, st *setup, plan reason.Plan, inputs []engine.Input, source string) error {
	history, _, err := estimate.Recorded(ctx, st.Store, reason.Protocol, 0)
	if err != nil {
		return fmt.Errorf("read earlier runs: %w", err)
	}
	est := reason.EstimatePlan(plan, inputs, st.Profiles, history)
	if f.common.json {
		return printJSON(e, map[string]any{"dry_run": true, "plan": plan, "estimate": est})
	}
	return reason.WritePlan(e.stdout, plan, source, est, st.Profiles)
}
