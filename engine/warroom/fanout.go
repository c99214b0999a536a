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
// failing, the run being cancelled) fails the phase without memoising it.
func fanOut(ctx context.Context, r *engine.Run, key, title string, tasks []task) (PhaseResult, error) {
	return engine.Step(ctx, r, key, func(ctx context.Context) (PhaseResult, error) {
		r.Phase(title)
		res := PhaseResult{Key: key, Title: title, Started: r.Now()}
		outs := engine.Parallel(ctx, r, key, tasks, func(t task) string { return t.Name },
			func(ctx context.Context, t task) (Contribution, error) {
				out, err := r.Call(ctx, t.Spec)
				if err != nil {
					return Contribution{}, err
				}
				return Contribution{Name: t.Name, Role: t.Spec.Role, Text: out.Text, Usage: out.Usage, At: r.Now()}, nil
			})
		if err := ctx.Err(); err != nil {
			return res, fmt.Errorf("%s: %w", title, err)
		}
		for i, o := range outs {
			var ce *engine.CallError
			switch {
			case o.Err == nil:
				res.Contributions = append(res.Contributions, o.Value)
			case errors.As(o.Err, &ce):
				res.Gaps = append(res.Gaps, Gap{Role: tasks[i].Spec.Role, Phase: title, Class: ce.Class, Error: ce.Error()})
			default:
				return res, fmt.Errorf("%s: %s: %w", title, o.Name, o.Err)
			}
		}
		res.Ended = r.Now()
		return res, nil
	})
}

// only returns the single contribution of a one-call phase, if it answered.
func (p PhaseResult) only() (Contribution, bool) {
	if len(p.Contributions) == 0 {
		return Contribution{}, false
	}
	return p.Contributions[0], true
}
