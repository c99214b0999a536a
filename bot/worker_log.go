package bot

import (
	"context"
	"log/slog"
)

// jobNote is what a handler learns that the job's own log lines should carry too: the session
// it ran; and what the handler may know of its job: whether the queue runs it again if it fails.
// A job runs its handler on its own goroutine, so the note needs no lock.
type jobNote struct {
	session string
	retried bool
}

type jobNoteKey struct{}

// withJobNote gives a job's context a note for its handler to fill; retried says that a
// failure of this attempt is not the job's last (the queue runs it again).
func withJobNote(ctx context.Context, retried bool) (context.Context, *jobNote) {
	n := &jobNote{retried: retried}
	return context.WithValue(ctx, jobNoteKey{}, n), n
}

// retriedOnFailure reports whether ctx is a job's that the queue runs again if this attempt
// fails (false in the Action, which has one attempt, and on a job's last).
func retriedOnFailure(ctx context.Context) bool {
	n, ok := ctx.Value(jobNoteKey{}).(*jobNote)
	return ok && n.retried
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
