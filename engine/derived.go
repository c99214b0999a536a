package engine

import "context"

type derivedCtx struct{}

// Derived marks the writes made with the returned context as ones a run can make again from
// what the store already holds, at no cost: a step that holds no answered model call (a
// phase's aggregate of its stored members, the plan, the estimate), the sealed record and
// decision, a browsing summary. A store may commit such a write without waiting for the disk,
// provided it becomes durable no later than the next write that is not derived (SQLite's log
// is written in order, so one synced commit makes every commit before it durable). What can
// never be derived: a step that holds an answered call (it was paid for), the session and its
// status, a gate, a publication's state.
func Derived(ctx context.Context) context.Context {
	return context.WithValue(ctx, derivedCtx{}, true)
}

// IsDerived reports whether ctx was marked by Derived.
func IsDerived(ctx context.Context) bool {
	d, _ := ctx.Value(derivedCtx{}).(bool)
	return d
}
