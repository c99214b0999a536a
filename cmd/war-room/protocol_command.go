package main

import (
	"context"
	"strings"

	"github.com/war-room/war-room/engine"
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
// state flags every command takes. The session runs, resumes (war-room resume) and prints its
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
		out := st.runner(e).Run(ctx, session.Request{Protocol: protocol, Question: pos[0], Context: inputs[1:],
			Flags: own.request(), Seed: n, SeedSource: source, Answers: approve.answers()})
		return endSession(e, verb, out, func(d *engine.Decision) error { return finishDecision(e, d, common.json) })
	}
}
