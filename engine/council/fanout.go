package council

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Contribution is one role's answer in one phase.
type Contribution struct {
	Role  string         `json:"role"`
	Label string         `json:"label,omitempty"`
	Text  string         `json:"text"`
	Usage provider.Usage `json:"usage"`
	At    time.Time      `json:"at"`
}

// Gap is a seat that produced nothing where it was asked to contribute.
type Gap struct {
	Role  string `json:"role"`
	Label string `json:"label"`
	Phase string `json:"phase"`
	// Class is the failure class (timeout, transport, refused, contract, …).
	Class string `json:"class"`
	Error string `json:"error"`
}

// PhaseResult is a phase's memoised aggregate: who answered and who did not. Storing the
// gaps with it makes a resumed session take exactly the path the interrupted one took.
type PhaseResult struct {
	Key           string         `json:"key"`
	Title         string         `json:"title"`
	Contributions []Contribution `json:"contributions"`
	Gaps          []Gap          `json:"gaps,omitempty"`
}

// task is one call of a phase.
type task struct {
	Role, Label string
	Spec        engine.CallSpec
}

// LowQuorum ends a deliberation in which too few seats answered for the phase to mean
// anything. It is never converted into a decision.
type LowQuorum struct {
	Phase          string
	Answered, Want int
	Gaps           []Gap
}

func (e *LowQuorum) Error() string {
	return fmt.Sprintf("council: low quorum in %s: %d seat(s) answered, at least %d needed", e.Phase, e.Answered, e.Want)
}

// FailureClass names the last seat failure's class, for the bot's failure reply.
func (e *LowQuorum) FailureClass() string {
	if n := len(e.Gaps); n > 0 {
		return e.Gaps[n-1].Class
	}
	return "low-quorum"
}

// fanOut runs a phase's seat calls in parallel, each its own durable step under key, and
// memoises the aggregate under key. A seat whose call fails becomes a Gap; fewer than quorum
// answers fail the phase unmemoised, so a resume asks the missing seats again (the answered
// ones are stored and not asked twice).
func fanOut(ctx context.Context, r *engine.Run, key, title string, tasks []task, quorum int) (PhaseResult, error) {
	return engine.Step(ctx, r, key, func(ctx context.Context) (PhaseResult, error) {
		r.Phase(title)
		res := PhaseResult{Key: key, Title: title}
		outs := engine.Parallel(ctx, r, key, tasks, func(t task) string { return t.Role },
			func(ctx context.Context, t task) (Contribution, error) { return call(ctx, r, t) })
		for i, o := range outs {
			if err := res.add(ctx, tasks[i], o.Value, o.Err); err != nil {
				return res, err
			}
		}
		if len(res.Contributions) < quorum {
			return res, &LowQuorum{Phase: title, Answered: len(res.Contributions), Want: quorum, Gaps: res.Gaps}
		}
		return res, nil
	})
}

// single runs a call nobody can stand in for (the docket, the ruling). Its failure fails the
// session unmemoised, so a resume asks again.
func single(ctx context.Context, r *engine.Run, key, title string, t task) (Contribution, error) {
	return engine.Step(ctx, r, key, func(ctx context.Context) (Contribution, error) {
		r.Phase(title)
		return call(ctx, r, t)
	})
}

func call(ctx context.Context, r *engine.Run, t task) (Contribution, error) {
	out, err := r.Call(ctx, t.Spec)
	if err != nil {
		return Contribution{}, err
	}
	return Contribution{Role: t.Role, Label: t.Label, Text: out.Text, Usage: out.Usage, At: r.Now()}, nil
}

// add records one task's outcome: a contribution, a gap for a failed call, or an error that
// must fail the phase (cancellation, the store).
func (p *PhaseResult) add(ctx context.Context, t task, c Contribution, err error) error {
	var ce *engine.CallError
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("%s: %w", p.Title, ctx.Err())
	case err == nil:
		p.Contributions = append(p.Contributions, c)
	case errors.As(err, &ce):
		p.Gaps = append(p.Gaps, Gap{Role: t.Role, Label: t.Label, Phase: p.Title, Class: ce.Class, Error: ce.Error()})
	default:
		return fmt.Errorf("%s: %s: %w", p.Title, t.Label, err)
	}
	return nil
}
