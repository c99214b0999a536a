package reason

import (
	"context"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// Gate keys and their answers.
const (
	GateReducedIndependence = "approve-reduced-independence"
	GatePremise             = "premise"

	AnswerApprove = "approve"
	AnswerDecline = "decline"
	AnswerProceed = "proceed"
	AnswerDrop    = "drop"
)

// Artifact is one role's stored output.
type Artifact struct {
	Key      string `json:"key"`
	Name     string `json:"name"`
	Text     string `json:"text"`
	Attempts int    `json:"attempts"`
	Scripted bool   `json:"scripted,omitempty"`
}

// chain is one execution of a session's protocol code.
type chain struct {
	r      *engine.Run
	s      *engine.Session
	plan   Plan
	done   map[string]Artifact
	forced bool // the premise was suspect and a human chose to proceed
}

// Execute runs, or resumes, the reasoning chain of r's session from its stored inputs,
// options and completed steps. It returns a *engine.GateError (wrapped) when it pauses for a
// human, a *Stopped when a human stopped it, a *ChainFailure when a role failed, and the
// Decision, also stored as the "decision.json" artifact, when it completes.
func Execute(ctx context.Context, r *engine.Run) (*engine.Decision, error) {
	c := &chain{r: r, s: r.Session(), done: map[string]Artifact{}}
	if c.s.Protocol != Protocol {
		return nil, fmt.Errorf("reason: session %s runs protocol %q, not %q", c.s.ID, c.s.Protocol, Protocol)
	}
	if err := c.prepare(ctx); err != nil {
		return nil, err
	}
	if err := c.premise(ctx); err != nil {
		return nil, err
	}
	if err := c.deliberate(ctx); err != nil {
		return nil, err
	}
	return c.decide(ctx)
}

// prepare plans the run (once: the plan is a stored step), writes the manifest and, for a
// reduced-independence plan, asks for approval before any call.
func (c *chain) prepare(ctx context.Context) error {
	opts, err := sessionOptions(c.s)
	if err != nil {
		return err
	}
	c.plan, err = engine.Step(ctx, c.r, keyPlan, func(context.Context) (Plan, error) {
		return Assign(opts, c.s.Seed, Families(c.r.Profiles()))
	})
	if err != nil {
		return fmt.Errorf("reason: plan: %w", err)
	}
	if err := putJSON(ctx, c.r, ManifestArtifact, NewManifest(c.s, c.plan)); err != nil {
		return err
	}
	if c.plan.Independence == Conforming {
		return nil
	}
	answer, err := c.r.Gate(ctx, GateReducedIndependence, ReducedQuestion(c.plan), AnswerApprove, AnswerDecline)
	if err != nil {
		return fmt.Errorf("reason: %w", err)
	}
	if answer != AnswerApprove {
		return &Stopped{Gate: GateReducedIndependence, Answer: answer}
	}
	return nil
}

// Families maps each profile to its declared family.
func Families(ps engine.Profiles) map[string]string {
	out := make(map[string]string, len(ps))
	for name, p := range ps {
		out[name] = p.Family
	}
	return out
}

// premise runs the premise check and, on a suspect verdict, the premise gate.
func (c *chain) premise(ctx context.Context) error {
	c.r.Phase("premise")
	a, err := c.call(ctx, keyPremise, c.base(), taskPremise, func(text string) error {
		_, err := PremiseVerdict(text)
		return err
	})
	if err != nil {
		return err
	}
	if verdict, _ := PremiseVerdict(a.Text); verdict != VerdictSuspect {
		return nil
	}
	answer, err := c.r.Gate(ctx, GatePremise, PremiseQuestion, AnswerProceed, AnswerDrop)
	if err != nil {
		return fmt.Errorf("reason: %w", err)
	}
	if answer != AnswerProceed {
		return &Stopped{Gate: GatePremise, Answer: answer}
	}
	c.forced = true
	return nil
}
