package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/record"
)

type stepKeyCtx struct{}

// stepKey returns the key of the step ctx runs in ("" outside any step).
func stepKey(ctx context.Context) string {
	k, _ := ctx.Value(stepKeyCtx{}).(string)
	return k
}

// Step runs fn once per session and key. Its result is stored (as JSON) before Step returns;
// when the session is resumed, the stored result is returned and fn is not called again. The
// value returned is always the stored form, so an uninterrupted run and a resumed one see
// exactly the same data. Errors are not stored: a failed step runs again on resume.
func Step[T any](ctx context.Context, r *Run, key string, fn func(ctx context.Context) (T, error)) (T, error) {
	var zero T
	stored, found, err := r.storedStep(ctx, key)
	switch {
	case err != nil:
		return zero, err
	case found:
		var v T
		if err := json.Unmarshal(stored, &v); err != nil {
			return zero, fmt.Errorf("step %s: decode stored result: %w", key, err)
		}
		if !r.storedHere(key) { // a step this run stored and reads again is no resume
			r.Emit(events.Event{Kind: events.StepResumed, Step: key})
		}
		return v, nil
	}
	fctx, held := r.holdLedger(context.WithValue(ctx, stepKeyCtx{}, key))
	v, err := fn(fctx)
	if err != nil {
		return zero, r.release(ctx, held, err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return zero, r.release(ctx, held, fmt.Errorf("step %s: encode result: %w", key, err))
	}
	if err := r.putStep(ctx, key, b, held); err != nil {
		return zero, fmt.Errorf("step %s: store result: %w", key, err)
	}
	r.rememberStep(key, b)
	var out T
	if err := json.Unmarshal(b, &out); err != nil {
		return zero, fmt.Errorf("step %s: decode result: %w", key, err)
	}
	return out, nil
}

// errTampered is wrapped by the error of a stored step whose result no longer matches the
// SHA-256 the store took when it was written: somebody edited the record, and resuming from it
// would build on what nobody produced.
var errTampered = errors.New("no longer matches the digest taken when it was stored")

// storedStep returns a step's stored result. A run that knows every stored step (a new
// session has none; Resume reads them all at once) answers from memory, checking the digest;
// otherwise it asks the store.
func (r *Run) storedStep(ctx context.Context, key string) ([]byte, bool, error) {
	r.stepMu.Lock()
	steps := r.steps
	rec, ok := steps[key]
	r.stepMu.Unlock()
	if steps != nil {
		if ok && rec.SHA256 != "" && record.SHA256Hex(rec.Result) != rec.SHA256 {
			return nil, false, fmt.Errorf("step %s: stored result %w; run war-room verify %s", key, errTampered, r.session.ID)
		}
		return rec.Result, ok, nil
	}
	stored, err := r.cfg.Store.GetStep(ctx, r.session.ID, key)
	switch {
	case err == nil:
		return stored, true, nil
	case errors.Is(err, ErrNotFound):
		return nil, false, nil
	}
	return nil, false, fmt.Errorf("step %s: read store: %w", key, err)
}

func (r *Run) rememberStep(key string, result []byte) {
	r.stepMu.Lock()
	defer r.stepMu.Unlock()
	if r.stored == nil {
		r.stored = map[string]bool{}
	}
	r.stored[key] = true
	if r.steps != nil {
		if _, ok := r.steps[key]; !ok {
			r.steps[key] = StepRecord{Key: key, Result: result, SHA256: record.SHA256Hex(result)}
		}
	}
}

// storedHere reports whether this run stored the step itself (rather than finding it from an
// earlier run).
func (r *Run) storedHere(key string) bool {
	r.stepMu.Lock()
	defer r.stepMu.Unlock()
	return r.stored[key]
}

// ItemResult is one item's result from Parallel: a value, or the error that item ended with.
type ItemResult[T any] struct {
	Name  string
	Value T
	Err   error
}

// Parallel runs fn for every item concurrently, each as its own Step keyed prefix/name, and
// returns the outcomes in item order. A failed item is reported in its ItemResult, never dropped;
// deciding whether the phase can go on is the protocol's job. Per-profile concurrency limits
// are applied by Call.
func Parallel[E, T any](ctx context.Context, r *Run, prefix string, items []E, name func(E) string,
	fn func(ctx context.Context, item E) (T, error)) []ItemResult[T] {
	out := make([]ItemResult[T], len(items))
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
