package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/warroom"
)

func init() {
	register(command{name: "deliberate", summary: "run the war-room protocol (phases 0–7) on a question", run: runDeliberate})
}

// contextFiles collects repeated --context flags.
type contextFiles []string

func (c *contextFiles) String() string     { return strings.Join(*c, ",") }
func (c *contextFiles) Set(v string) error { *c = append(*c, v); return nil }

// deliberateFlags are war-room deliberate's flags.
type deliberateFlags struct {
	common                           commonFlags
	github                           githubFlags
	mode, thresholds, preset, resume string
	seed                             string
	context                          contextFiles
	planReview, dry                  bool
	approve                          approveFlag
}

func (f *deliberateFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	f.approve.register(fs)
	fs.StringVar(&f.mode, "mode", "auto", "auto (route by the reversibility score), express, lightweight, full or delphi")
	fs.StringVar(&f.thresholds, "thresholds", "", "express, lightweight and full-council ceilings, e.g. 0.40,0.60,0.80")
	fs.StringVar(&f.preset, "preset", "", "threshold preset: default, move-fast, risk-averse, startup or regulated")
	fs.Var(&f.context, "context", "a context file fed to the panel verbatim (repeatable)")
	fs.StringVar(&f.resume, "resume", "", "continue an interrupted war-room session by id")
	fs.StringVar(&f.seed, "seed", "", "fix the seed that orders labels, ballots and tie-breaks (default: OS entropy)")
	fs.BoolVar(&f.planReview, "plan-review", false, "the question is an implementation plan to review")
	fs.BoolVar(&f.dry, "dry-run", false, "print the panel, thresholds and timeouts; make no call")
	f.github.register(fs, "first look for earlier decisions on the topic in OWNER/NAME's Discussions (GITHUB_TOKEN; "+
		"github.discussions.prior_check), so that war-room publish can supersede or reaffirm them")
}

func runDeliberate(ctx context.Context, e *env, args []string) error {
	var f deliberateFlags
	fs := newFlagSet(e, "deliberate", `"<question>" [flags] | --resume SESSION`)
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
	if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
		return usageErr(`deliberate takes exactly one question, quoted: war-room deliberate "Should we …?"`)
	}
	if !slices.Contains(warroom.Modes, warroom.Mode(f.mode)) {
		return usageErr("--mode wants auto, express, lightweight, full or delphi, got %q", f.mode)
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
	opts, err := warroom.OptionsFrom(section[*warroom.Section](st.Config, warroom.Protocol), st.Config.Descriptors(), warroom.Flags{Mode: warroom.Mode(f.mode),
		Preset: f.preset, Thresholds: f.thresholds, PlanReview: f.planReview})
	if err != nil {
		return exitErr(exitUsage, err)
	}
	if f.dry {
		return dryRunWarRoom(ctx, e, st, opts, f.common.json)
	}
	s, err := warroom.NewSession(pos[0], inputs, opts, seed, source)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	prior, err := newPriorCheck(e, st, f.github, pos[0])
	if err != nil {
		return err
	}
	r, err := engine.Start(ctx, st.runConfig(e, f.approve.answers()), s)
	if err != nil {
		return err
	}
	return f.execute(ctx, e, r, prior)
}

// inputs captures the question and every context file verbatim.
func (f *deliberateFlags) inputs(question string) ([]engine.Input, error) {
	return questionAndContext(warroom.InputQuestion, question, f.context)
}

func (f *deliberateFlags) resumeSession(ctx context.Context, e *env) error {
	st, err := f.common.open(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	s, err := st.Store.GetSession(ctx, f.resume)
	if err != nil {
		return exitErr(exitUsage, fmt.Errorf("session %s: %w", f.resume, err))
	}
	if s.Protocol != warroom.Protocol {
		return usageErr("session %s is a %s session; use war-room resume %[1]s", f.resume, s.Protocol)
	}
	prior, err := resumedPriorCheck(ctx, e, st.Store, f.resume)
	if err != nil {
		return err
	}
	r, err := engine.Resume(ctx, st.runConfig(e, f.approve.answers()), f.resume)
	if err != nil {
		return err
	}
	return f.execute(ctx, e, r, prior)
}

// execute runs the session to its end, after the prior-decision check when there is one, and
// prints the decision (its metrics in the footer).
func (f *deliberateFlags) execute(ctx context.Context, e *env, r *engine.Run, prior *priorCheck) error {
	id := r.Session().ID
	d, notes, err := prior.run(ctx, e, r)
	if err == nil && d == nil {
		r.AddNotes(notes...) // the decision is sealed when it is made: notes come first
		d, err = warroom.Execute(ctx, r)
	}
	if err = r.Finish(ctx, err); err != nil {
		var gate *engine.GateError
		if errors.As(err, &gate) && gate.Gate.Key == discussions.PriorGateKey {
			return priorGateOutcome(gate, id)
		}
		if errors.As(err, &gate) {
			return sessionOutcome(err, id)
		}
		if ctx.Err() != nil {
			// Interrupted (Ctrl-C, SIGTERM): the calls in flight are lost, nothing else.
			return fmt.Errorf("interrupted; the completed phases are stored; continue with: war-room deliberate --resume %s", id)
		}
		return fmt.Errorf("%w\nthe completed phases are stored; continue with: war-room deliberate --resume %s", err, id)
	}
	return finishDecision(e, d, f.common.json)
}

// deliberationSeed parses --seed, or draws one from the OS entropy source.
func deliberationSeed(v string) (int64, string, error) {
	if v == "" {
		return engine.NewSeed(), "crypto/rand", nil
	}
	n, err := strconv.ParseUint(v, 10, 32)
	if err != nil {
		return 0, "", usageErr("--seed wants a number from 0 to 4294967295, got %q", v)
	}
	return int64(n), "--seed", nil
}
