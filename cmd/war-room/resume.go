package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/session"
)

func init() {
	register(command{name: "resume", run: runResume})
}

// answerFlags collects repeated --answer gate=value flags.
type answerFlags map[string]string

func (a answerFlags) String() string { return fmt.Sprint(map[string]string(a)) }

func (a answerFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("want GATE=ANSWER, got %q", v)
	}
	a[k] = val
	return nil
}

func runResume(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "resume", "SESSION [--answer GATE=ANSWER ...]")
	var cf commonFlags
	cf.register(fs)
	answers := answerFlags{}
	fs.Var(answers, "answer", "answer a gate, e.g. --answer premise=proceed (repeatable)")
	keep := fs.String("keep", "", "sessions whose protocol keeps its run (reason): write the run's inputs, manifest, ledger and artifacts into this directory")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErr("resume takes exactly one session id")
	}
	s, err := cf.open(ctx, e)
	if err != nil {
		return err
	}
	defer s.Close()
	if err := checkResumeKeep(ctx, s.Store, pos[0], *keep); err != nil {
		return err
	}
	out := s.runner(e).Run(ctx, session.Request{SessionID: pos[0], Answers: answers})
	if !notStarted(out) && ownEnding(out.Session.Protocol) {
		// A protocol that ends its own way (the reason chain: its synthesis verbatim, its
		// failure report and kept run, its gate's own instructions and exit code) ends here as
		// its own command ends it.
		return protocolEnd{protocol: out.Session.Protocol, keep: *keep, asJSON: cf.json}.report(ctx, e, s, out.Session.ID, out.Decision, outcomeErr(out))
	}
	return endSession(e, "resume", out, func(d *decision.Decision) error {
		// A session finished here proposes its memory (a standing team's) as one finished by
		// its own command does.
		if err := proposeMemory(ctx, e, &cf, s.Store, d); err != nil {
			return err
		}
		return finishDecision(e, d, cf.json)
	})
}

// checkResumeKeep refuses --keep, before anything runs, for a session whose protocol keeps no
// run or a directory that cannot take the run.
func checkResumeKeep(ctx context.Context, st engine.Store, id, keep string) error {
	if keep == "" {
		return nil
	}
	sess, err := st.GetSession(ctx, id)
	if err != nil {
		return fmt.Errorf("resume session %s: %w", id, err)
	}
	return checkKeep(sess.Protocol, keep, id)
}
