package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/discussions"
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

// contextFiles collects repeated --context flags.
type contextFiles []string

func (c *contextFiles) String() string     { return strings.Join(*c, ",") }
func (c *contextFiles) Set(v string) error { *c = append(*c, v); return nil }

// protocolCommandFlags are the flags of a protocol's generic command: the question's context files,
// the protocol's own flags and file flags from its registry entry, --seed, the approval, --repo
// for the prior-decision check, --resume, --dry-run, --keep when the protocol keeps its runs,
// --demo when war-room has a simulated panel for it, and the state flags every command takes.
type protocolCommandFlags struct {
	protocol string
	common   commonFlags
	github   githubFlags
	approve  approveFlag
	context  contextFiles
	named    map[string]*string // file flags by the input they fill
	own      *protocolFlags
	seed     string
	resume   string
	keep     string
	dry      bool
	demo     demoFlag
	narrate  narrateFlag
}

func (f *protocolCommandFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	fs.Var(&f.context, "context", "a context file fed to the panel verbatim (repeatable)")
	f.named = map[string]*string{}
	for _, in := range protocols.InputFlags(f.protocol) {
		f.named[in.Input] = fs.String(in.Name, "", in.Help)
	}
	f.own = registerProtocolFlags(fs, f.protocol)
	fs.StringVar(&f.seed, "seed", "", "fix the session's seed, which draws its seating, labels, ballots and tie-breaks (default: OS entropy)")
	f.approve.register(fs)
	fs.StringVar(&f.resume, "resume", "", "continue an interrupted, paused or failed session of this protocol by id")
	if protocols.EndingOf(f.protocol).Keep != nil {
		fs.StringVar(&f.keep, "keep", "", "write the run's inputs, manifest, ledger and artifacts into this directory")
	}
	fs.BoolVar(&f.dry, "dry-run", false, "print the seats, their independence and the estimate; make no call")
	if _, ok := demo.Question(f.protocol); ok {
		f.demo.register(fs, f.protocol)
	}
	f.github.register(fs, "first look for earlier decisions on the topic in OWNER/NAME's Discussions (GITHUB_TOKEN; "+
		"github.discussions.prior_check), so that war-room publish can supersede or reaffirm them")
	if protocols.Narrates(f.protocol) {
		fs.Var(&f.narrate, "narrate", "what stderr shows: quiet (the disclosure only), digest (phases, counts, digests; the default) or full (every turn, once revealed)")
	}
}

// runProtocol is a protocol's CLI command, built from its registry entry alone. The session
// runs, resumes (here with --resume, or with war-room resume) and ends as the protocol's Ending
// says, else by printing its decision as every other protocol's.
func runProtocol(protocol string) func(ctx context.Context, e *env, args []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		verb := protocols.Verb(protocol)
		f := &protocolCommandFlags{protocol: protocol}
		fs := newFlagSet(e, verb, `"<question>" [flags] | --resume SESSION`)
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
			for name, v := range demo.Flags(protocol) {
				f.own.set(name, v)
			}
		}
		if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
			return usageErr(`%s takes exactly one question, quoted: war-room %[1]s "Should we …?"`, verb)
		}
		if err := f.own.check(); err != nil {
			return err
		}
		inputs, err := f.inputs(pos[0])
		if err != nil {
			return err
		}
		n, source, err := deliberationSeed(f.seed)
		if err != nil {
			return err
		}
		st, err := f.common.open(ctx, e)
		if err != nil {
			return err
		}
		defer st.Close()
		preq := protocols.Request{Protocol: protocol, Question: pos[0], Context: inputs[1:], Flags: f.own.request(),
			Seed: n, SeedSource: source}
		if protocols.Surrounded(protocol) {
			if preq.Surround, err = laptopSurround(ctx, e, &f.common); err != nil {
				return err
			}
		}
		if f.dry {
			return dryRunProtocol(ctx, e, st, preq, f.common.json)
		}
		if err := checkKeep(protocol, f.keep, ""); err != nil {
			return err
		}
		run, req, err := f.sessionRequest(ctx, e, st)
		if err != nil {
			return err
		}
		req.Protocol, req.Question, req.Context, req.Flags, req.Seed, req.SeedSource = protocol, preq.Question, preq.Context, preq.Flags, n, source
		req.Surround = preq.Surround
		maps.Copy(req.Answers, protocols.FlagAnswers(protocol, req.Flags))
		maps.Copy(req.Answers, f.approve.answers())
		return f.end(ctx, e, st, run.Run(ctx, req))
	}
}

// inputs captures the question, every --context file and every file flag verbatim.
func (f *protocolCommandFlags) inputs(question string) ([]engine.Input, error) {
	inputs, err := questionAndContext(protocols.QuestionInput(f.protocol), question, f.context)
	if err != nil {
		return nil, err
	}
	for _, in := range protocols.InputFlags(f.protocol) { // in the order declared
		if path := *f.named[in.Input]; path != "" {
			b, err := os.ReadFile(path)
			if err != nil {
				return nil, exitErr(exitUsage, fmt.Errorf("read input: %w", err))
			}
			inputs = append(inputs, engine.NewInput(in.Input, string(b)))
		}
	}
	return inputs, nil
}

// sessionRequest is the runner and the request this command's flags ask for; with --repo,
// earlier decisions there are looked for first (publishing is war-room publish's job).
func (f *protocolCommandFlags) sessionRequest(ctx context.Context, e *env, st *setup) (*session.Runner, session.Request, error) {
	run := st.runner(e)
	if protocols.Narrates(f.protocol) {
		run = narratingRunner(ctx, e, st, f.protocol, f.narrate.level())
	}
	req := session.Request{Answers: map[string]string{}}
	if f.github.repo == "" {
		return run, req, nil
	}
	repo, err := discussions.ParseRepo(f.github.repo)
	if err != nil {
		return nil, req, exitErr(exitUsage, err)
	}
	if run.Publisher, err = f.github.publisher(e, st.Config, st.Store); err != nil {
		return nil, req, err
	}
	req.Repo = &repo
	return run, req, nil
}

// resumeSession continues a session of this protocol, as war-room resume would.
func (f *protocolCommandFlags) resumeSession(ctx context.Context, e *env) error {
	st, err := f.common.open(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := checkProtocol(ctx, st.Store, f.common.where(e), f.resume, f.protocol); err != nil {
		return err
	}
	if err := checkKeep(f.protocol, f.keep, f.resume); err != nil {
		return err
	}
	run, req, err := f.sessionRequest(ctx, e, st)
	if err != nil {
		return err
	}
	req.SessionID = f.resume
	maps.Copy(req.Answers, f.approve.answers())
	return f.end(ctx, e, st, run.Run(ctx, req))
}

// end ends the session as its protocol says; a decision printed here is followed by what the
// prior-decision check settled for war-room publish, and by the demo's page when asked.
func (f *protocolCommandFlags) end(ctx context.Context, e *env, st *setup, out *session.Outcome) error {
	if !notStarted(out) && ownEnding(f.protocol) {
		err := protocolEnd{protocol: f.protocol, keep: f.keep, asJSON: f.common.json}.report(ctx, e, st, out.Session.ID, out.Decision, outcomeErr(out))
		if err == nil && out.Decision != nil {
			err = f.demo.page(ctx, e, &f.common, out.Session.ID)
		}
		return err
	}
	return endSession(e, protocols.Verb(f.protocol), out, func(d *decision.Decision) error {
		repo := cmp.Or(f.github.repo, "OWNER/NAME")
		if out.Reaffirmed > 0 {
			fmt.Fprintf(e.stderr, "no deliberation: #%d stands; record that on it with: war-room publish %s --repo %s\n",
				out.Reaffirmed, d.SessionID, repo)
		} else if prior, err := discussions.PriorFromGate(context.Background(), st.Store, d.SessionID); err == nil &&
			prior.Action == discussions.PriorSupersede {
			fmt.Fprintf(e.stderr, "the new decision will supersede #%d when published: war-room publish %s --repo %s\n",
				prior.Number, d.SessionID, repo)
		}
		if err := f.printDecision(ctx, e, st, d); err != nil {
			return err
		}
		return f.demo.page(ctx, e, &f.common, d.SessionID)
	})
}

// printDecision hands the session's memory proposals (a standing team's) to the project's
// memory for review and prints the decision; a narrating protocol at quiet prints only the
// outcome and its dissent record, and otherwise repeats its footer on stderr.
func (f *protocolCommandFlags) printDecision(ctx context.Context, e *env, st *setup, d *decision.Decision) error {
	if err := proposeMemory(ctx, e, &f.common, st.Store, d); err != nil {
		return err
	}
	if !protocols.Narrates(f.protocol) {
		return finishDecision(e, d, f.common.json)
	}
	if f.common.json || f.narrate.level() != narrateQuiet {
		if footer := d.Metrics["footer"]; footer != "" && !f.common.json {
			defer fmt.Fprintf(e.stderr, "── %s\n", footer)
		}
		return finishDecision(e, d, f.common.json)
	}
	fmt.Fprint(e.stdout, quietDecision(d))
	return reducedOutcome(d)
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// dryRunProtocol plans and forecasts a session on a scratch store that is removed afterwards:
// the seats, the engine's judgment of their independence and the estimate, with no call and
// nothing written to the state the command was given.
func dryRunProtocol(ctx context.Context, e *env, st *setup, req protocols.Request, asJSON bool) error {
	if p, ok, err := protocols.OwnPreview(ctx, protocols.PreviewInput{Config: st.Config, Store: st.Store, Profiles: st.Profiles, Request: req}); ok {
		var refused *protocols.Refused
		switch {
		case errors.As(err, &refused):
			return exitErr(exitUsage, err)
		case err != nil:
			return err
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
