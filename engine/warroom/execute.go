package warroom

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// DecisionArtifact is the artifact Execute stores its Decision under.
const DecisionArtifact = "decision.json"

// Phase step keys, in the order they run. Parallel phases store each expert under key/role.
const (
	keyReversibility = "p0-reversibility"
	keyExpress       = "p0-express"
	keyExpressCheck  = "p0-express-challenge"
	keyIntel         = "p1-intel"
	keyIntelMore     = "p1-intel-escalated"
	keyAssessment    = "p2-assessment"
	keyCOA           = "p3-coa"
	keyCOAMore       = "p3-coa-escalated"
	keyEscalation    = "p3-escalation"
	keyChallenge     = "p4-challenge"
	keyVote          = "p5-vote"
	keyRevise        = "p5-revise"
	keyPremortem     = "p6-premortem"
	keySynthesis     = "p7-synthesis"
)

// Execute runs or resumes the war-room session of r from its stored inputs, options and
// steps, stores the Decision as DecisionArtifact and returns it. Completed steps are never run
// again, so a resumed session reaches the same Merkle root and Decision as an uninterrupted
// one with the same seed. A failed Supreme Commander or reversibility assessment fails the
// session; any other failed expert is a gap the synthesis names.
func Execute(ctx context.Context, r *engine.Run) (*engine.Decision, error) {
	opts, err := sessionOptions(r.Session())
	if err != nil {
		return nil, err
	}
	s, err := newState(r, opts)
	if err != nil {
		return nil, err
	}
	// The DAG is stored once, at the end, whether or not the deliberation finished: a commit
	// per phase would sit on the critical path, and a resume rebuilds it from the steps anyway.
	err = s.deliberate(ctx)
	if len(s.dag.Nodes) > 0 {
		err = errors.Join(err, s.saveDAG(context.WithoutCancel(ctx)))
	}
	if err != nil {
		return nil, err
	}
	d, err := s.decision(ctx)
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("war-room: encode decision: %w", err)
	}
	if err := r.PutArtifact(ctx, DecisionArtifact, b); err != nil {
		return nil, err
	}
	return d, nil
}

// deliberate runs the phases the mode calls for.
func (s *state) deliberate(ctx context.Context) error {
	if err := s.phase0(ctx); err != nil {
		return err
	}
	if s.rec.Mode == ModeExpress {
		return s.express(ctx)
	}
	steps := []func(context.Context) error{s.phase1, s.phase2, s.phase3, s.escalationCheck}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			return err
		}
	}
	if !s.rec.Deescalated {
		for _, step := range []func(context.Context) error{s.phase4, s.phase5, s.phase6} {
			if err := step(ctx); err != nil {
				return err
			}
		}
	}
	return s.phase7(ctx)
}

// errNoAnswer is the error of a phase nobody can stand in for that produced nothing.
func errNoAnswer(p PhaseResult) error {
	var errs []error
	for _, g := range p.Gaps {
		errs = append(errs, errors.New(g.Error))
	}
	return fmt.Errorf("war-room: %s produced no answer: %w", p.Title, errors.Join(errs...))
}

// one runs a single-seat phase whose failure the deliberation can carry as a gap.
func (s *state) one(ctx context.Context, key, title string, spec engine.CallSpec, err error) (PhaseResult, error) {
	if err != nil {
		return PhaseResult{}, err
	}
	p, err := single(ctx, s.r, key, title, task{Name: spec.Role, Spec: spec}, false)
	if err != nil {
		return p, err
	}
	s.absorb(p)
	return p, nil
}

// must runs a single-seat phase nobody can stand in for. Its failure fails the session and is
// not memoised, so a resume asks again (the outage may have passed).
func (s *state) must(ctx context.Context, key, title string, spec engine.CallSpec, err error) (Contribution, error) {
	if err != nil {
		return Contribution{}, err
	}
	p, err := single(ctx, s.r, key, title, task{Name: spec.Role, Spec: spec}, true)
	if err != nil {
		return Contribution{}, err
	}
	s.absorb(p)
	c, _ := p.only()
	return c, nil
}
