package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

type stepKeyCtx struct{}

// StepKey returns the key of the step ctx runs in ("" outside any step).
func StepKey(ctx context.Context) string {
	k, _ := ctx.Value(stepKeyCtx{}).(string)
	return k
}

// Step runs fn once per session and key. Its result is stored (as JSON) before Step returns;
// when the session is resumed, the stored result is returned and fn is not called again. The
// value returned is always the stored form, so an uninterrupted run and a resumed one see
// exactly the same data. Errors are not stored: a failed step runs again on resume.
func Step[T any](ctx context.Context, r *Run, key string, fn func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	stored, err := r.cfg.Store.GetStep(ctx, r.session.ID, key)
	switch {
	case err == nil:
		var v T
		if err := json.Unmarshal(stored, &v); err != nil {
			return zero, fmt.Errorf("step %s: decode stored result: %w", key, err)
		}
		r.Emit(Event{Kind: EventStepResumed, Step: key})
		return v, nil
	case !errors.Is(err, ErrNotFound):
		return zero, fmt.Errorf("step %s: read store: %w", key, err)
	}
	v, err := fn(context.WithValue(ctx, stepKeyCtx{}, key))
	if err != nil {
		return zero, err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return zero, fmt.Errorf("step %s: encode result: %w", key, err)
	}
	if err := r.cfg.Store.PutStep(ctx, r.session.ID, key, b); err != nil {
		return zero, fmt.Errorf("step %s: store result: %w", key, err)
	}
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		return zero, fmt.Errorf("step %s: decode result: %w", key, err)
	}
	return out, nil
}

// Outcome is one item's result from Parallel: a value, or the error that item ended with.
type Outcome[T any] struct {
	Name  string
	Value T
	Err   error
}

// Parallel runs fn for every item concurrently, each as its own Step keyed prefix/name, and
// returns the outcomes in item order. A failed item is reported in its Outcome, never dropped;
// deciding whether the phase can go on is the protocol's job. Per-profile concurrency limits
// are applied by Call.
func Parallel[E, T any](ctx context.Context, r *Run, prefix string, items []E, name func(E) string,
	fn func(ctx context.Context, item E) (T, error)) []Outcome[T] {
	out := make([]Outcome[T], len(items))
	var wg sync.WaitGroup
	for i, it := range items {
		n := name(it)
		out[i].Name = n
		wg.Go(func() {
			v, err := Step(ctx, r, prefix+"/"+n, func(ctx context.Context) (T, error) { return fn(ctx, it) })
			out[i].Value, out[i].Err = v, err
		})
	}
	wg.Wait()
	return out
}
