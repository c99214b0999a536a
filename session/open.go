package session

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/protocols"
)

// ConfigError is a session that could not start because of its configuration (a profile that
// cannot be built); nothing was spent.
type ConfigError struct{ Err error }

func (e *ConfigError) Error() string { return e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// UsageError is a request the protocols refuse (an unknown protocol, a bad flag value, an
// empty question); nothing was spent.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// open resumes the stored session, or creates the requested one.
func (r *Runner) open(ctx context.Context, req Request, stored bool) (*engine.Run, error) {
	var s *engine.Session
	if !stored {
		var err error
		if s, err = r.newSession(req); err != nil {
			return nil, err
		}
	}
	ps, err := r.Profiles(ctx)
	if err != nil {
		return nil, &ConfigError{Err: err}
	}
	if s != nil {
		// A request the profiles cannot seat as its protocol needs is refused before the
		// session is stored.
		if err := protocols.Admit(r.Config, ps, protocols.Request{Protocol: s.Protocol, Question: req.Question,
			Flags: req.Flags, Context: req.Context, Seed: s.Seed, SeedSource: s.SeedSource, Surround: req.Surround}); err != nil {
			return nil, &UsageError{Err: err}
		}
	}
	rc := engine.RunConfig{Store: r.Store, Profiles: ps, Budget: r.Budget.Within(r.Limits.Budget), Sinks: r.Sinks,
		Now: r.Now, Answers: req.Answers, Prompter: r.Prompter, Source: req.Source, Account: r.Account, Evidence: r.Evidence,
		Calls: r.Limits.Calls, Stages: protocols.StageBudgets(r.Config)}
	if stored {
		return engine.Resume(ctx, rc, req.SessionID)
	}
	var run *engine.Run
	if req.Carried != nil {
		run, err = engine.StartCarried(ctx, rc, s, req.Carried, req.CarriedFrom)
	} else {
		run, err = engine.Start(ctx, rc, s)
	}
	if errors.Is(err, engine.ErrExists) { // created since we looked: continue it
		return engine.Resume(ctx, rc, s.ID)
	}
	return run, err
}

// newSession builds the requested session through the protocols registry and holds it to the
// Runner's limits. It makes no call and spends nothing, so a bad flag value, or one over a
// server's ceiling, is refused before anything is posted.
func (r *Runner) newSession(req Request) (*engine.Session, error) {
	seed, source := req.Seed, req.SeedSource
	if source == "" {
		seed, source = engine.NewSeed(), "crypto/rand"
	}
	s, err := protocols.NewSession(r.Config, protocols.Request{Protocol: req.Protocol, Question: req.Question,
		Flags: req.Flags, Context: req.Context, Seed: seed, SeedSource: source, Surround: req.Surround})
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	bounded, err := protocols.Bounded(s)
	if err != nil {
		return nil, &UsageError{Err: err}
	}
	if err := r.Limits.Check(s.InputBytes(), bounded); err != nil {
		return nil, &UsageError{Err: err}
	}
	if req.SessionID != "" {
		s.ID = req.SessionID
	}
	return s, nil
}

// Check refuses, before anything is written or spent, a request the protocols would refuse or
// the Runner's limits do not allow (a *UsageError, wrapping an *limits.LimitError for those).
func (r *Runner) Check(req Request) error {
	if _, err := r.newSession(req); err != nil {
		return err
	}
	return nil
}

// finished handles a session that ended before this run: a completed one is published (or its
// publication completed), a cancelled one stays as it is.
func (r *Runner) finished(ctx context.Context, req Request, s *engine.Session, out *Outcome) {
	out.Session, out.Status = s, s.Status
	if s.Status != engine.StatusCompleted {
		return
	}
	d, err := verify.Decision(ctx, r.Store, s.ID)
	if err != nil {
		out.Status, out.Err = engine.StatusFailed, err
		return
	}
	out.Decision = d
	if r.publishing(req) {
		r.publish(ctx, req, out)
	}
}

// question is the session's question, by its protocol's input name.
func question(s *engine.Session) string {
	q, _ := s.Input(protocols.QuestionInput(s.Protocol))
	return q
}

// errInterrupted says a run stopped because its context ended.
func errInterrupted(id string) error { return fmt.Errorf("session %s was interrupted", id) }
