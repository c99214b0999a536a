package github

import (
	"context"
	"fmt"
)

// Find says how Ensure finds an item again and how it writes one that is missing.
type Find[T any] struct {
	// What names the item in errors ("progress comment").
	What string
	// List returns the items that may be the one, in any order. It is called again after a
	// create of unknown outcome.
	List func(ctx context.Context) ([]T, error)
	// Match says whether an item is the one: its marker, on a write by our own account.
	Match func(T) bool
	// Create writes the item.
	Create func(ctx context.Context) (T, error)
}

// Ensure returns the item f.Match picks from f.List, else the one f.Create writes (created
// says which). A create whose outcome is unknown (a 5xx, a timeout, a 2xx without the
// resource) is looked for again before it is repeated, so the item is written at most once
// whatever GitHub answers; other failures are returned as they are. o gives the clock, the
// back-off and the bound on creates (a Transport's Options).
func Ensure[T any](ctx context.Context, o Options, f Find[T]) (item T, created bool, err error) {
	o = o.withDefaults()
	var zero T
	for n := 0; ; n++ {
		items, err := f.List(ctx)
		if err != nil {
			return zero, false, fmt.Errorf("look for the %s: %w", f.What, err)
		}
		for _, it := range items {
			if f.Match(it) {
				return it, false, nil
			}
		}
		it, err := f.Create(ctx)
		if err == nil {
			return it, true, nil
		}
		ae, ok := AsAPIError(err)
		if !ok || !ae.Unknown() || ae.Exhausted || n+1 >= o.MaxAttempts {
			return zero, false, fmt.Errorf("write the %s: %w", f.What, err)
		}
		wait := Backoff(ae, n, o.Now())
		o.Warn(fmt.Sprintf("write the %s: %s; looking for it again in %s", f.What, ae, wait))
		if err := o.Sleep(ctx, wait); err != nil {
			return zero, false, err
		}
	}
}
