package engine

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/events"
)

// ErrAwaitingInput is wrapped by every GateError.
var ErrAwaitingInput = errors.New("awaiting input")

// GateError says the session paused at a gate with nobody to answer it now.
type GateError struct {
	Gate GateRecord
}

func (e *GateError) Error() string {
	return fmt.Sprintf("session %s is waiting for an answer to gate %q: %s",
		e.Gate.SessionID, e.Gate.Key, e.Gate.Text())
}

func (e *GateError) Unwrap() error { return ErrAwaitingInput }

// ErrInvalidAnswer is wrapped by Gate's error for an answer that is not one of the gate's
// choices (a typo in a flag or at a prompt). The gate stays open and Finish records the
// session as awaiting input, so the right answer can still be given: a typo is not a failure.
var ErrInvalidAnswer = errors.New("is not one of the gate's choices")

// Gate asks a human a question and returns the answer. An answer stored earlier, one supplied
// in RunConfig.Answers, or one given to the Prompter is recorded and returned; otherwise the
// gate is stored open, the session is marked awaiting_input and a *GateError is returned for
// the protocol to pass up. choices, when given, is the set of valid answers.
func (r *Run) Gate(ctx context.Context, key, question string, choices ...string) (string, error) {
	return r.GateExcerpt(ctx, key, question, "", choices...)
}

// GateExcerpt is Gate for a question that refers to untrusted text (a model's reason, titles
// of discussions): question is war-room's own text, excerpt the untrusted text, kept apart in
// the GateRecord so that renderers quote only the excerpt.
func (r *Run) GateExcerpt(ctx context.Context, key, question, excerpt string, choices ...string) (string, error) {
	id := r.session.ID
	g, err := r.cfg.Store.GetGate(ctx, id, key)
	if err == nil && g.Answered {
		return g.Answer, nil
	}
	if err != nil && !errors.Is(err, ErrNotFound) {
		return "", fmt.Errorf("gate %s: %w", key, err)
	}
	rec := GateRecord{SessionID: id, Key: key, Question: question, Excerpt: excerpt, Choices: choices, OpenedAt: r.Now()}
	if err := r.cfg.Store.OpenGate(ctx, &rec); err != nil {
		return "", fmt.Errorf("gate %s: open: %w", key, err)
	}
	answer, ok := r.cfg.Answers[key]
	if !ok && r.cfg.Prompter != nil {
		r.Emit(events.Event{Kind: events.Gate, Step: key, Message: rec.Text()})
		if answer, ok, err = r.cfg.Prompter(ctx, rec); err != nil {
			return "", fmt.Errorf("gate %s: ask: %w", key, err)
		}
	}
	if ok {
		if len(choices) > 0 && !slices.Contains(choices, answer) {
			return "", fmt.Errorf("gate %s: answer %q %w: %s", key, answer, ErrInvalidAnswer, strings.Join(choices, ", "))
		}
		if err := r.cfg.Store.AnswerGate(ctx, id, key, answer); err != nil {
			return "", fmt.Errorf("gate %s: record answer: %w", key, err)
		}
		return answer, nil
	}
	r.Emit(events.Event{Kind: events.Gate, Step: key, Message: rec.Text(), Outcome: string(StatusAwaitingInput)})
	return "", &GateError{Gate: rec}
}

// Preanswer supplies the answer to gate key for this run, as RunConfig.Answers does, when it
// is known only once the run has begun (a choice a person made that names what the run found).
// It is checked against the gate's choices when the gate is reached, like any answer.
func (r *Run) Preanswer(key, answer string) {
	answers := maps.Clone(r.cfg.Answers)
	if answers == nil {
		answers = map[string]string{}
	}
	answers[key] = answer
	r.cfg.Answers = answers
}

// Text is the question with its excerpt under it, for a terminal or an error message.
func (g GateRecord) Text() string {
	if strings.TrimSpace(g.Excerpt) == "" {
		return g.Question
	}
	return g.Question + "\n\n" + g.Excerpt
}
