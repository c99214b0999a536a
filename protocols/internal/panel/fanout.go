package panel

import (
	"context"

	"github.com/war-room/war-room/engine"
)

// Task is one seat's call in a phase.
type Task struct {
	// Name keys the call's step under the phase (a role key, or what a revision revises).
	Name string
	// Label is the anonymous label the seat speaks under, when dealt before the phase.
	Label string
	Spec  engine.CallSpec
	// Failed is the seat's outcome when its call already failed in this run, ahead of its
	// phase (Ahead): the phase counts the seat as the gap it is without asking again, as it
	// would for a call it had just made.
	Failed error
}

// FanOut runs a phase's calls in parallel, each its own durable step under key/name, and
// memoises the aggregate under key. A seat whose call fails becomes a Gap; fewer than quorum
// answers fail the phase with *LowQuorum, unmemoised, so a resume asks the missing seats again
// (the answered ones are stored and never asked twice). Anything else (the run cancelled, the
// store failing) fails the phase unmemoised too.
func FanOut(ctx context.Context, r *engine.Run, key, title string, tasks []Task, quorum int) (PhaseResult, error) {
	tasks = planCache(r, tasks)
	return engine.Step(ctx, r, key, func(ctx context.Context) (PhaseResult, error) {
		r.Phase(title)
		res := PhaseResult{Key: key, Title: title, Started: r.Now()}
		outs := engine.Parallel(ctx, r, key, tasks, func(t Task) string { return t.Name },
			func(ctx context.Context, t Task) (Contribution, error) {
				if t.Failed != nil {
					return Contribution{}, t.Failed
				}
				return call(ctx, r, t)
			})
		for i, o := range outs {
			if err := res.add(ctx.Err(), tasks[i], o.Value, o.Err); err != nil {
				return res, err
			}
		}
		if len(tasks) > 0 && len(res.Contributions) < quorum {
			return res, &LowQuorum{Phase: title, Answered: len(res.Contributions), Want: quorum, Gaps: res.Gaps}
		}
		res.Ended = r.Now()
		return res, nil
	})
}

// Single runs a one-seat phase as one durable step: the aggregate is the only thing to store,
// which saves a commit on the critical path. A failed call is a memoised gap the deliberation
// carries, unless fatal: then it fails the step with *LowQuorum, nothing is stored and a resume
// calls again (the outage may have passed).
func Single(ctx context.Context, r *engine.Run, key, title string, t Task, fatal bool) (PhaseResult, error) {
	t = planCache(r, []Task{t})[0]
	return engine.Step(ctx, r, key, func(ctx context.Context) (PhaseResult, error) {
		r.Phase(title)
		res := PhaseResult{Key: key, Title: title, Started: r.Now()}
		c, err := call(ctx, r, t)
		if err := res.add(ctx.Err(), t, c, err); err != nil {
			return res, err
		}
		if fatal && len(res.Gaps) > 0 {
			return res, &LowQuorum{Phase: title, Want: 1, Gaps: res.Gaps}
		}
		res.Ended = r.Now()
		return res, nil
	})
}

// One runs a call nobody can stand in for as its own step, storing just the contribution. Its
// failure is returned as it is (the protocol decides what it means), unmemoised.
func One(ctx context.Context, r *engine.Run, key, title string, t Task) (Contribution, error) {
	t = planCache(r, []Task{t})[0]
	return engine.Step(ctx, r, key, func(ctx context.Context) (Contribution, error) {
		r.Phase(title)
		return call(ctx, r, t)
	})
}

func call(ctx context.Context, r *engine.Run, t Task) (Contribution, error) {
	out, err := r.Call(ctx, t.Spec)
	if err != nil {
		return Contribution{}, err
	}
	return Contribution{Name: t.Name, Role: t.Spec.Role, Label: t.Label, Text: out.Text, Usage: out.Usage, At: r.Now()}, nil
}

// Ahead makes tasks' calls before their phase, as the steps FanOut under key reads: each
// answer is stored as key/name, so the phase that later fans out to it makes no call for it.
// It returns the error of each task whose call failed, by name, for the phase to carry as
// Task.Failed rather than ask again in the same run (a resume asks again). A seat the phase
// never asks for was a speculative call, kept in the ledger and the call count like any other.
func Ahead(ctx context.Context, r *engine.Run, key string, tasks []Task) map[string]error {
	tasks = planCache(r, tasks)
	outs := engine.Parallel(ctx, r, key, tasks, func(t Task) string { return t.Name },
		func(ctx context.Context, t Task) (Contribution, error) { return call(ctx, r, t) })
	failed := map[string]error{}
	for _, o := range outs {
		if o.Err != nil && ctx.Err() == nil {
			failed[o.Name] = o.Err
		}
	}
	return failed
}
