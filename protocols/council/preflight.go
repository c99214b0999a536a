package council

import (
	"context"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/memory"
)

// keyMemory is the step the memory a session's seats read is stored under.
const keyMemory = "memory"

// preflight runs what comes before the first seat call: triage, whose gate opens at most once
// and only when triage found the question single-agent-shaped, and the roster and estimate
// card, which waits for a person unless the session was started with --go. Nothing else
// blocks.
func (s *state) preflight(ctx context.Context) error {
	// The memory the seats read is part of the sealed record.
	if _, err := engine.Step(ctx, s.r, keyMemory, func(context.Context) ([]memory.Item, error) { return s.opts.Memory, nil }); err != nil {
		return err
	}
	est, err := estimateStep(ctx, s.r, s.opts, s.plan)
	if err != nil {
		return err
	}
	s.rec.Estimate = &est
	card := card(s.opts, s.plan, est)
	s.digest("Estimate", "Roster and estimate", []string{card})
	if s.opts.Triage {
		t, err := s.triage(ctx)
		if err != nil {
			return err
		}
		s.rec.Triage = &t
		s.digest("Triage", "Triage", []string{s.triageFound(t)})
		if t.Shape == shapeSingle {
			if err := s.ask(ctx, gateTriage, triageQuestion(card), t.Why, answerProceed, answerDrop); err != nil {
				return err
			}
		}
	}
	if s.opts.Go || s.opts.Version == 0 {
		return nil
	}
	return s.ask(ctx, GateCard, cardQuestion(s.opts, s.plan, est), "", answerProceed, answerDecline)
}

// ask opens a gate (excerpt: the model text its question refers to, if any); any answer but
// proceed stops the session.
func (s *state) ask(ctx context.Context, gate, question, excerpt string, choices ...string) error {
	answer, err := s.r.GateExcerpt(ctx, gate, question, excerpt, choices...)
	if err != nil {
		return err
	}
	if answer != answerProceed {
		return &engine.Stopped{Gate: gate, Answer: answer}
	}
	return nil
}
