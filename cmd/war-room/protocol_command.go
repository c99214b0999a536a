package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/demo"
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

// genericProtocols are the registered protocols --help's list does not name already (a
// protocol registered after the built-in ones), for --help.
func genericProtocols() []struct{ name, summary string } {
	var out []struct{ name, summary string }
	for _, p := range protocols.Ordered() {
		if !slices.ContainsFunc(order, func(o struct{ name, summary string }) bool { return o.name == protocols.Verb(p) }) {
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
		var dm demoFlag
		common.register(fs)
		fs.Var(&files, "context", "a context file fed to the panel verbatim (repeatable)")
		named := map[string]*string{}
		for _, f := range protocols.InputFlags(protocol) {
			named[f.Input] = fs.String(f.Name, "", f.Help)
		}
		own := registerProtocolFlags(fs, protocol)
		seed := fs.String("seed", "", "fix the session's seed (default: drawn from the OS entropy source)")
		approve.register(fs)
		keep := new(string)
		if protocols.EndingOf(protocol).Keep != nil {
			fs.StringVar(keep, "keep", "", "write the run's inputs, manifest, ledger and artifacts into this directory")
		}
		dry := fs.Bool("dry-run", false, "print the seats, their independence and the estimate; make no call")
		if _, ok := demo.Question(protocol); ok {
			dm.register(fs, protocol)
		}
		pos, err := parseFlags(fs, args)
		if err != nil {
			return err
		}
		if pos, err = dm.apply(e, &common, pos); err != nil {
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
		for _, f := range protocols.InputFlags(protocol) { // verbatim, in the order declared
			if path := *named[f.Input]; path != "" {
				b, err := os.ReadFile(path)
				if err != nil {
					return exitErr(exitUsage, fmt.Errorf("read input: %w", err))
				}
				inputs = append(inputs, engine.NewInput(f.Input, string(b)))
			}
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
		answers := protocols.FlagAnswers(protocol, req.Flags)
		maps.Copy(answers, approve.answers())
		out := st.runner(e).Run(ctx, session.Request{Protocol: protocol, Question: req.Question, Context: req.Context,
			Flags: req.Flags, Seed: n, SeedSource: source, Answers: answers})
		if !notStarted(out) && ownEnding(protocol) {
			err := protocolEnd{protocol: protocol, keep: *keep, asJSON: common.json}.report(ctx, e, st, out.Session.ID, out.Decision, outcomeErr(out))
			if err == nil && out.Decision != nil {
				err = dm.page(ctx, e, &common, out.Session.ID)
			}
			return err
		}
		return endSession(e, verb, out, func(d *decision.Decision) error {
			if err := finishDecision(e, d, common.json); err != nil {
				return err
			}
			return dm.page(ctx, e, &common, d.SessionID)
		})
	}
}

// dryRunProtocol plans and forecasts a session on a scratch store that is removed afterwards:
// the seats, the engine's judgment of their independence and the estimate, with no call and
// nothing written to the state the command was given.
func dryRunProtocol(ctx context.Context, e *env, st *setup, req protocols.Request, asJSON bool) error {
	if p, ok, err := protocols.OwnPreview(ctx, protocols.PreviewInput{Config: st.Config, Store: st.Store, Profiles: st.Profiles, Request: req}); ok {
		switch {
		case err != nil:
			return exitErr(exitUsage, err)
		case asJSON:
			return printJSON(e, p.JSON)
		}
		return p.Write(e.stdout)
	}
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
