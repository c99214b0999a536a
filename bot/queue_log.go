package bot

import (
	"context"
	"log/slog"
)

// jobNote is what a handler learns that the job's own log lines should carry too: the session
// it ran. A job runs its handler on its own goroutine, so the note needs no lock.
type jobNote struct{ session string }

type jobNoteKey struct{}

// withJobNote gives a job's context a note for its handler to fill.
func withJobNote(ctx context.Context) (context.Context, *jobNote) {
	n := &jobNote{}
	return context.WithValue(ctx, jobNoteKey{}, n), n
}

// noteSession records the session a job runs, when ctx is a job's (not the Action's).
func noteSession(ctx context.Context, id string) {
	if n, ok := ctx.Value(jobNoteKey{}).(*jobNote); ok {
		n.session = id
	}
}

// with adds what the note holds to log.
func (n *jobNote) with(log *slog.Logger) *slog.Logger {
	if n.session == "" {
		return log
	}
	return log.With("session", n.session)
}
