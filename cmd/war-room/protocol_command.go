package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/session"
)

// commandFor is the command that runs name: its own when it has one, else the generic one of
// the registered protocol whose verb name is.
func commandFor(name string) (command, bool) {
	if c, ok := registry[name]; ok {
		return c, true
	}
	for _, p := range protocols.Ordered() {
		if protocols.Verb(p) == name {
			return command{name: name, run: runProtocol(p)}, true
		}
	}
	return command{}, false
}

// genericProtocols are the registered protocols with no command of their own, for --help.
func genericProtocols() []struct{ name, summary string } {
	var out []struct{ name, summary string }
	for _, p := range protocols.Ordered() {
		if _, own := registry[protocols.Verb(p)]; !own {
			out = append(out, protocolCommand(p))
		}
	}
	return out
}

// runProtocol is the command of a protocol that has none of its own, built from its registry
// entry alone: its own flags, the question, --context files, --seed, the approval and the
// state flags every command takes, and --keep when the protocol keeps its runs. The session
// runs, resumes (war-room resume) and ends as the protocol's Ending says, else by printing its
// decision exactly as every other protocol's.
func runProtocol(protocol string) func(ctx context.Context, e *env, args []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		verb := protocols.Verb(protocol)
		fs := newFlagSet(e, verb, `"<question>" [flags]`)
		var common commonFlags
		var approve approveFlag
		var files contextFiles
		common.register(fs)
		approve.register(fs)
		fs.Var(&files, "context", "a context file fed to the panel verbatim (repeatable)")
		seed := fs.String("seed", "", "fix the session's seed (default: drawn from the OS entropy source)")
		dry := fs.Bool("dry-run", false, "print the seats, their independence and the estimate; make no call")
		keep := new(string)
		if protocols.EndingOf(protocol).Keep != nil {
			fs.StringVar(keep, "keep", "", "write the run's inputs, manifest, ledger and artifacts into this directory")
		}
		own := registerProtocolFlags(fs, protocol)
		pos, err := parseFlags(fs, args)
		if err != nil {
			return err
		}
		if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
			return usageErr(`%s takes exactly one question, quoted: war-room %[1]s "Should we …?"`, verb)
		}
		if err := own.check(); err != nil {
			return err
		}
		inputs, err := questionAndContext(protocols.QuestionInput(protocol), pos[0], files)
		if err != nil {
			return err
		}
		n, source, err := deliberationSeed(*seed)
		if err != nil {
			return err
		}
		st, err := common.open(ctx, e)
		if err != nil {
			return err
		}
		defer st.Close()
		req := protocols.Request{Protocol: protocol, Question: pos[0], Context: inputs[1:], Flags: own.request(),
			Seed: n, SeedSource: source}
		if *dry {
			return dryRunProtocol(ctx, e, st, req, common.json)
		}
		if err := checkKeep(protocol, *keep, ""); err != nil {
			return err
		}
		out := st.runner(e).Run(ctx, session.Request{Protocol: protocol, Question: req.Question, Context: req.Context,
			Flags: req.Flags, Seed: n, SeedSource: source, Answers: approve.answers()})
		if !notStarted(out) && ownEnding(protocol) {
			return protocolEnd{protocol: protocol, keep: *keep, asJSON: common.json}.report(ctx, e, st, out.Session.ID, out.Decision, outcomeErr(out))
		}
		return endSession(e, verb, out, func(d *decision.Decision) error { return finishDecision(e, d, common.json) })
	}
}

// dryRunProtocol plans and forecasts a session on a scratch store that is removed afterwards:
// the seats, the engine's judgment of their independence and the estimate, with no call and
// nothing written to the state the command was given.
func dryRunProtocol(ctx context.Context, e *env, st *setup, req protocols.Request, asJSON bool) error {
	dir, err := os.MkdirTemp(e.getenv("TMPDIR"), "war-room-dry-run-")
	if err != nil {
		return fmt.Errorf("dry run: %w", err)
	}
	defer os.RemoveAll(dir)
	scratch, err := sqlite.Open(ctx, filepath.Join(dir, "dry-run.db"))
	if err != nil {
		return fmt.Errorf("dry run: %w", err)
	}
	defer scratch.Close()
	plan, forecast, err := protocols.DryRun(ctx, st.Config, engine.RunConfig{Store: scratch, Profiles: st.Profiles, Now: e.now}, req)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	j := plan.Judge()
	if asJSON {
		return printJSON(e, map[string]any{"dry_run": true, "seed": req.Seed, "plan": plan, "independence": j, "estimate": forecast})
	}
	w := e.stdout
	fmt.Fprintf(w, "war-room %s (dry run: no session, no call)\n\nseed %d (pass --seed %[2]d to get exactly this plan)\n\n",
		protocols.Verb(req.Protocol), req.Seed)
	tw := tabwriter.NewWriter(w, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "ROLE\tPROFILE\tMODEL\tFAMILY\tEFFORT")
	for _, s := range plan.Seats {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Role, s.Profile, orDash(s.Model), orDash(s.Family), orDash(string(s.Effort)))
	}
	tw.Flush()
	fmt.Fprintf(w, "\nindependence: %s", j.Label)
	if len(j.Reasons) > 0 {
		fmt.Fprintf(w, " (%s)", strings.Join(j.Reasons, "; "))
	}
	fmt.Fprintf(w, "\nestimate: %s calls, %s minutes", forecast.Calls, forecast.Minutes.Format(1))
	if forecast.USD != nil {
		fmt.Fprintf(w, ", $%s", forecast.USD.Format(2))
	}
	fmt.Fprintln(w)
	return nil
}
