package bot

import (
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/war-room/war-room/bot/queue"
	"github.com/war-room/war-room/session"
)

// busyRetry is how long a job that found its thread or session busy waits before the queue runs
// it again.
const busyRetry = 15 * time.Second

// final reports whether running a job again cannot mend err: the user has already been
// told (a usage error, a configuration error, a session that failed and said so), or the
// payload itself cannot be read. A retry of those would only repeat the reply, and for a
// failed session start a second session and pay for it again. A write the user should have
// seen that was lost (*LostError) is never final: the next run finds what was written,
// continues the session from the store, and writes what is missing.
func final(err error) bool {
	var lost *lostError
	if errors.As(err, &lost) {
		return false
	}
	var ue *UsageError
	var ce *configError
	var se *sessionError
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	return errors.As(err, &ue) || errors.As(err, &ce) || errors.As(err, &se) ||
		errors.As(err, &syn) || errors.As(err, &typ)
}

// outcome turns a handler's error into the job's: nil completes it, a final error cancels
// it (no retry), anything else is retried by the queue up to queue.MaxAttempts.
func outcome(err error, log *slog.Logger) error {
	switch {
	case err == nil:
		log.Info("job: done")
		return nil
	case errors.Is(err, errThreadBusy), errors.Is(err, session.ErrBusy):
		log.Info("job: its thread or session is busy on another worker; retried later")
		return queue.Snooze(busyRetry)
	case final(err):
		log.Warn("job: failed; not retried", "err", err)
		return queue.Cancel(err)
	}
	log.Warn("job: failed; the queue retries it", "err", err)
	return err
}
