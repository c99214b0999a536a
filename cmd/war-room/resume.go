package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols"
)

func init() {
	register(command{name: "resume", summary: "continue a paused or interrupted session, answering its gates", run: runResume})
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
	r, err := engine.Resume(ctx, s.runConfig(e, answers), pos[0])
	if err != nil {
		return err
	}
	d, err := protocols.Execute(ctx, r)
	if err = r.Finish(ctx, err); err != nil {
		return sessionOutcome(err, r.Session().ID)
	}
	return printDecision(e, d, cf.json)
}
