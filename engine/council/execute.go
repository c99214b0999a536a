package council

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// Step keys, in the order they run. Parallel phases store each seat under key/role.
const (
	keyPlan    = "plan"
	keyBlind   = "blind"
	keyDocket  = "docket"
	keyClosing = "closing"
	keyRuling  = "ruling"
)

func keyCross(round int) string { return fmt.Sprintf("cross-%d", round) }

// Execute runs or resumes the standing-team session of r from its stored inputs, options and
// steps, stores the Decision as DecisionArtifact and returns it. Completed steps never run
// again, so a resumed session reaches the same Merkle root and Decision as an uninterrupted
// one with the same seed. A seat that fails is a gap the record names; a phase with too few
// answers is a *LowQuorum; a clerk or arbiter that fails (a ruling without a dissent record
// included) is a *Failure. Neither produces a decision.
func Execute(ctx context.Context, r *engine.Run) (*engine.Decision, error) {
	sess := r.Session()
	if sess.Protocol != Protocol {
		return nil, fmt.Errorf("council: session %s runs protocol %q, not %q", sess.ID, sess.Protocol, Protocol)
	}
	opts, err := sessionOptions(sess)
	if err != nil {
		return nil, err
	}
	plan, err := engine.Step(ctx, r, keyPlan, func(context.Context) (Plan, error) {
		return NewPlan(opts, r.Profiles(), r.Rand(keyPlan))
	})
	if err != nil {
		return nil, err
	}
	s := &state{r: r, opts: opts, plan: plan, kit: newKit(sess, plan, opts)}
	// The DAG is stored whether or not the deliberation finished: a failed session's record
	// of who said what is still worth verifying.
	err = s.deliberate(ctx)
	dag, derr := s.dag()
	if derr == nil && len(dag.Nodes) > 0 {
		derr = engine.SaveDAG(context.WithoutCancel(ctx), r.Store(), dag)
	}
	if err = errors.Join(err, derr); err != nil {
		return nil, err
	}
	d, err := s.decision(ctx, dag)
	if err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("council: encode decision: %w", err)
	}
	if err := r.PutArtifact(ctx, DecisionArtifact, b); err != nil {
		return nil, err
	}
	return d, nil
}

// record gathers what the phases produced.
type record struct {
	Blind   PhaseResult
	Docket  Docket
	Cross   []PhaseResult
	Closing PhaseResult
	Ballots []Ballot
	Tally   Tally
	Ruling  Ruling
	// Texts of the single calls, for the DAG and the record.
	DocketC, RulingC *Contribution
}

// state is one execution of a session.
type state struct {
	r    *engine.Run
	opts Options
	plan Plan
	kit  kit
	rec  record
}

// gaps lists every seat failure of the session, in phase order.
func (s *state) gaps() []Gap {
	out := append([]Gap(nil), s.rec.Blind.Gaps...)
	for _, c := range s.rec.Cross {
		out = append(out, c.Gaps...)
	}
	return append(out, s.rec.Closing.Gaps...)
}
