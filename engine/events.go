package engine

import (
	"context"

	"github.com/war-room/war-room/engine/events"
)

// startedKey carries the func OnCallStarted registers.
type startedKey struct{}

// OnCallStarted returns ctx with f, which is called each time a call made under ctx has
// announced itself (events.CallStarted) and is about to be sent. A protocol that starts the calls
// of one round one after another uses it so that the order they are announced in (a progress
// table's rows) does not depend on scheduling. f may be called more than once (a retried call).
func OnCallStarted(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, startedKey{}, f)
}

// Narrate hands n to every sink that narrates, stamped with the run's clock.
func (r *Run) Narrate(n events.Narration) {
	if n.Time.IsZero() {
		n.Time = r.Now()
	}
	for _, k := range r.cfg.Sinks {
		if nr, ok := k.(events.Narrator); ok {
			nr.Narrate(n)
		}
	}
}
