package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/session"
)

// runner is the session runner over the command's setup: progress on stderr, the configured
// budget, a prompter when a person is at the terminal, and warnings on stderr.
func (s *setup) runner(e *env) *session.Runner {
	rc := s.runConfig(e, nil)
	return &session.Runner{Config: s.Config, Store: s.Store, Sinks: rc.Sinks, Prompter: rc.Prompter, Budget: rc.Budget,
		Profiles: func(context.Context) (engine.Profiles, error) { return s.Profiles, nil },
		Warn:     func(msg string) { fmt.Fprintln(e.stderr, "warning:", msg) },
		// One process runs a session at a time, on a shared PostgreSQL store with App replicas
		// too: a second resume waits for the first, and a killed one's lease is taken over.
		Holder: session.LocalHolder(), Wait: true}
}

// endSession ends a session command as the outcome says: a completed decision is printed by
// print (and a reduced-independence run nobody approved exits exitReduced); a gate tells how
// to answer it; a failure or an interruption says how to continue with `war-room command
// --resume`.
func endSession(e *env, command string, out *session.Outcome, print func(*decision.Decision) error) error {
	id := ""
	if out.Session != nil {
		id = out.Session.ID
	}
	var ue *session.UsageError
	var ce *session.ConfigError
	var pe *session.PublishError
	switch {
	case errors.As(out.Err, &ue), errors.As(out.Err, &ce):
		return exitErr(exitUsage, out.Err)
	case errors.Is(out.Err, session.ErrUnknownSession):
		return usageErr("%v (check the id, and --db or --database-url if it ran against another store)", out.Err)
	case out.Status == engine.StatusCompleted:
		if err := print(out.Decision); err != nil {
			return err
		}
		if errors.As(out.Err, &pe) {
			return exitErr(exitFailure, fmt.Errorf("%w\nrun it again to finish publishing: war-room publish %s", out.Err, id))
		}
		return reducedOutcome(out.Decision)
	case out.Status == engine.StatusAwaitingInput && out.Gate != nil && out.Gate.Key == discussions.PriorGateKey:
		return priorGateOutcome(e, &engine.GateError{Gate: *out.Gate}, id)
	case out.Status == engine.StatusAwaitingInput && out.Gate != nil:
		return sessionOutcome(e, &engine.GateError{Gate: *out.Gate}, id)
	case out.Status == engine.StatusAwaitingInput, out.Status == engine.StatusCancelled:
		return sessionOutcome(e, out.Err, id)
	case out.Status == engine.StatusRunning:
		// Interrupted (Ctrl-C, SIGTERM): the calls in flight are lost, nothing else.
		return fmt.Errorf("interrupted; no decision was made; the completed calls are stored; continue with: %s", resumeHint(e, command, id))
	}
	if id == "" {
		return out.Err
	}
	return fmt.Errorf("%w\nno decision was made; the completed calls are stored; continue with: %s", out.Err, resumeHint(e, command, id))
}

func resumeHint(e *env, command, id string) string {
	if command == "resume" {
		return e.resume(id)
	}
	return "war-room " + command + " --resume " + id + e.storeArgs
}

// notStarted reports an outcome whose session never started (a bad request, a configuration
// that cannot be built): endSession alone says what to fix.
func notStarted(out *session.Outcome) bool {
	var ue *session.UsageError
	var ce *session.ConfigError
	return out.Session == nil || errors.As(out.Err, &ue) || errors.As(out.Err, &ce)
}

// outcomeErr is the error a protocol-specific ending (reason's) reads the outcome by.
func outcomeErr(out *session.Outcome) error {
	if out.Status == engine.StatusAwaitingInput && out.Gate != nil {
		return &engine.GateError{Gate: *out.Gate}
	}
	return out.Err
}
