package warroom

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Contribution is one expert's answer in one phase.
type Contribution struct {
	// Name is the item it answered (a role key, or a COA label in a Delphi revision).
	Name  string         `json:"name"`
	Role  string         `json:"role"`
	Text  string         `json:"text"`
	Usage provider.Usage `json:"usage"`
	At    time.Time      `json:"at"`
}

// Gap is an expert that produced nothing where it was asked to contribute.
type Gap struct {
	Role  string `json:"role"`
	Phase string `json:"phase"`
	// Class is the failure class (timeout, transport, refused, contract, …).
	Class string `json:"class"`
	Error string `json:"error"`
}

// Describe names the gap for a reader: seat and phase.
func (g Gap) Describe() string { return RoleTitle(g.Role) + " in " + g.Phase }

// PhaseResult is a phase's memoised aggregate: who answered, who did not, and when it ran.
// Storing it, failures included, is what makes a resumed session take exactly the path the
// interrupted one took: a failed expert is not retried into a different outcome.
type PhaseResult struct {
	Key           string         `json:"key"`
	Title         string         `json:"title"`
	Contributions []Contribution `json:"contributions"`
	Gaps          []Gap          `json:"gaps,omitempty"`
	Started       time.Time      `json:"started"`
	Ended         time.Time      `json:"ended"`
}

// task is one call of a phase.
type task struct {
	Name string
	Spec engine.CallSpec
}

// fanOut runs a phase's calls in parallel, each its own durable step under key, and memoises
// the aggregate under key. An expert whose call fails becomes a Gap; anything else (the store
// failing, the run being cancelled, nobody answering) fails the phase without memoising it.
func fanOut(ctx context.Context, r *engine.Run, key, title string, tasks []task) (PhaseResult, error) {
	return engine.Step(ctx, r, key, func(ctx context.Context) (PhaseResult, error) {
		r.Phase(title)
		res := PhaseResult{Key: key, Title: title, Started: r.Now()}
		outs := engine.Parallel(ctx, r, key, tasks, func(t task) string { return t.Name },
			func(ctx context.Context, t task) (Contribution, error) { return call(ctx, r, t) })
		for i, o := range outs {
			if err := res.add(ctx, tasks[i], o.Value, o.Err); err != nil {
				return res, err
			}
		}
		// A phase goes on while one expert answered; when none did it fails, unmemoised,
		// so that a resume asks again.
		if len(res.Contributions) == 0 && len(tasks) > 0 {
			return res, errNoAnswer(res)
		}
		res.Ended = r.Now()
		return res, nil
	})
}

// single runs a one-seat phase as one durable step: the aggregate is the only thing to store,
// which saves a commit on the critical path. When fatal, a failed call fails the step, so
// nothing is stored and a resume calls again.
func single(ctx context.Context, r *engine.Run, key, title string, t task, fatal bool) (PhaseResult, error) {
	return engine.Step(ctx, r, key, func(ctx context.Context) (PhaseResult, error) {
		r.Phase(title)
		res := PhaseResult{Key: key, Title: title, Started: r.Now()}
		c, err := call(ctx, r, t)
		if err := res.add(ctx, t, c, err); err != nil {
			return res, err
		}
		if fatal && len(res.Gaps) > 0 {
			return res, errNoAnswer(res)
		}
		res.Ended = r.Now()
		return res, nil
	})
}

func call(ctx context.Context, r *engine.Run, t task) (Contribution, error) {
	out, err := r.Call(ctx, t.Spec)
	if err != nil {
		return Contribution{}, err
	}
	return Contribution{Name: t.Name, Role: t.Spec.Role, Text: out.Text, Usage: out.Usage, At: r.Now()}, nil
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
		p.Gaps = append(p.Gaps, Gap{Role: t.Spec.Role, Phase: p.Title, Class: ce.Class, Error: ce.Error()})
	default:
		return fmt.Errorf("%s: %s: %w", p.Title, t.Name, err)
	}
	return nil
}

// only returns the single contribution of a one-call phase, if it answered.
func (p PhaseResult) only() (Contribution, bool) {
	if len(p.Contributions) == 0 {
		return Contribution{}, false
	}
	return p.Contributions[0], true
}
