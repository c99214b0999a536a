package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/warroom"
	"github.com/war-room/war-room/session"
)

func init() {
	register(command{name: protocols.Verb(warroom.Protocol), run: runDeliberate})
}

// contextFiles collects repeated --context flags.
type contextFiles []string

func (c *contextFiles) String() string     { return strings.Join(*c, ",") }
func (c *contextFiles) Set(v string) error { *c = append(*c, v); return nil }

// deliberateFlags are war-room deliberate's flags.
type deliberateFlags struct {
	common   commonFlags
	github   githubFlags
	protocol *protocolFlags
	resume   string
	seed     string
	context  contextFiles
	dry      bool
	approve  approveFlag
	demo     demoFlag
}

func (f *deliberateFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	f.approve.register(fs)
	f.protocol = registerProtocolFlags(fs, warroom.Protocol)
	fs.Var(&f.context, "context", "a context file fed to the panel verbatim (repeatable)")
	fs.StringVar(&f.resume, "resume", "", "continue an interrupted war-room session by id")
	fs.StringVar(&f.seed, "seed", "", "fix the seed that orders labels, ballots and tie-breaks (default: OS entropy)")
	fs.BoolVar(&f.dry, "dry-run", false, "print the panel, thresholds and timeouts; make no call")
	f.demo.register(fs, warroom.Protocol)
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
	if pos, err = f.demo.apply(e, &f.common, pos); err != nil {
		return err
	}
	if len(pos) != 1 || strings.TrimSpace(pos[0]) == "" {
		return usageErr(`deliberate takes exactly one question, quoted: war-room deliberate "Should we …?"`)
	}
	if err := f.protocol.check(); err != nil {
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
	opts, err := protocols.WarRoomOptions(st.Config, f.protocol.request())
	if err != nil {
		return exitErr(exitUsage, err)
	}
	if f.dry {
		return dryRunWarRoom(ctx, e, st, opts.Sized(pos[0], inputs), f.common.json)
	}
	run, req, err := f.sessionRequest(e, st)
	if err != nil {
		return err
	}
	req.Protocol, req.Question, req.Context, req.Seed, req.SeedSource = warroom.Protocol, pos[0], inputs[1:], seed, source
	return f.end(e, st, run.Run(ctx, req))
}

// sessionRequest is the runner and the request this command's flags ask for; with --repo,
// earlier decisions there are looked for first (publishing is war-room publish's job).
func (f *deliberateFlags) sessionRequest(e *env, st *setup) (*session.Runner, session.Request, error) {
	run := st.runner(e)
	req := session.Request{Flags: f.protocol.request(), Answers: f.approve.answers()}
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
	if err := checkProtocol(ctx, st.Store, f.common.where(e), f.resume, warroom.Protocol); err != nil {
		return err
	}
	run, req, err := f.sessionRequest(e, st)
	if err != nil {
		return err
	}
	req.SessionID, req.Flags = f.resume, nil
	return f.end(e, st, run.Run(ctx, req))
}

// end prints the decision (its metrics in the footer) and says what the prior-decision check
// settled for war-room publish.
func (f *deliberateFlags) end(e *env, st *setup, out *session.Outcome) error {
	return endSession(e, "deliberate", out, func(d *decision.Decision) error {
		repo := cmp.Or(f.github.repo, "OWNER/NAME")
		if out.Reaffirmed > 0 {
			fmt.Fprintf(e.stderr, "no deliberation: #%d stands; record that on it with: war-room publish %s --repo %s\n",
				out.Reaffirmed, d.SessionID, repo)
		} else if prior, err := discussions.PriorFromGate(context.Background(), st.Store, d.SessionID); err == nil &&
			prior.Action == discussions.PriorSupersede {
			fmt.Fprintf(e.stderr, "the new decision will supersede #%d when published: war-room publish %s --repo %s\n",
				prior.Number, d.SessionID, repo)
		}
		if err := finishDecision(e, d, f.common.json); err != nil {
			return err
		}
		return f.demo.page(context.Background(), e, &f.common, d.SessionID)
	})
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
