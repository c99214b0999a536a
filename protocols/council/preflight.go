package council

import (
	"context"
	"sync"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/memory"
)

// keyMemory is the step the memory a session's seats read is stored under.
const keyMemory = "memory"

// preflight runs what comes before the first seat call: triage, whose gate opens at most once
// and only when triage found the question single-agent-shaped, and the roster and estimate
// card, which waits for a person unless the session was started with --go. Nothing else
// blocks.
//
// With no card to wait for, the seats need wait for triage only until it has judged: when its
// answer streams in and its first line says the question needs a team, preflight returns
// then, and the blind positions are asked while triage writes its reason (s.triaging holds
// it; blind collects it). No seat is called before triage has judged, so its gate still comes
// before any seat is paid for.
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
	cardless := s.opts.Go || s.opts.Version == 0
	if s.opts.Triage {
		var o triageOutcome
		if cardless {
			if s.triaging, o = s.triageAhead(ctx); s.triaging != nil {
				return nil
			}
		} else {
			o.t, o.err = s.triage(ctx, nil)
		}
		if err := s.judged(ctx, o, card); err != nil {
			return err
		}
	}
	if cardless {
		return nil
	}
	return s.ask(ctx, GateCard, cardQuestion(s.opts, s.plan, est), "", answerProceed, answerDecline)
}

// triageOutcome is what triage came to.
type triageOutcome struct {
	t   triageResult
	err error
}

// triageAhead starts triage and waits until it has judged, as its answer streams in, that
// the question needs a team, returning the channel its outcome will come on; or until it has
// ended without that, returning its outcome.
func (s *state) triageAhead(ctx context.Context) (<-chan triageOutcome, triageOutcome) {
	seen := make(chan struct{})
	var once sync.Once
	out := make(chan triageOutcome, 1)
	go func() {
		t, err := s.triage(ctx, func() { once.Do(func() { close(seen) }) })
		out <- triageOutcome{t, err}
	}()
	select {
	case <-seen:
		return out, triageOutcome{}
	case o := <-out:
		return nil, o
	}
}

// settleTriage waits for a triage that let the seats go before it had finished, and records
// what it found; nothing when triage was done before the seats were called.
func (s *state) settleTriage(ctx context.Context) error {
	if s.triaging == nil {
		return nil
	}
	o := <-s.triaging
	s.triaging = nil
	return s.judged(ctx, o, "")
}

// judged records what triage found and, when it found the question single-agent-shaped,
// asks once whether to convene the team anyway (card: the roster and estimate the question
// shows).
func (s *state) judged(ctx context.Context, o triageOutcome, card string) error {
	if o.err != nil {
		return o.err
	}
	s.rec.Triage = &o.t
	s.digest("Triage", "Triage", []string{s.triageFound(o.t)})
	if o.t.Shape != shapeSingle {
		return nil
	}
	return s.ask(ctx, gateTriage, triageQuestion(card), o.t.Why, answerProceed, answerDrop)
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
