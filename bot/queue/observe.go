package queue

import (
	"errors"
	"time"

	"github.com/riverqueue/river/rivertype"
)

// Observer is told about each run of a delivery job by this process's workers (the App's
// metrics). Calls come from worker goroutines, at once.
type Observer interface {
	// JobStarted reports a job a worker has taken: its event, and how long it waited in the
	// queue from when it was due (stored, or its retry scheduled) to this attempt.
	JobStarted(event string, waited time.Duration)
	// JobEnded reports the job's state after the run: completed, cancelled (not retried),
	// snoozed (its thread or session was busy: River runs it again shortly), retryable
	// (failed; River runs it again) or discarded (its last attempt failed).
	JobEnded(event, state string)
}

// jobSnoozed is the state JobEnded reports for a job put off because its thread or session
// was busy (River records it as scheduled).
const jobSnoozed = "snoozed"

// queueWait is how long a job waited for this attempt, by the database's clock on both ends.
func queueWait(job *rivertype.JobRow) time.Duration {
	if job.AttemptedAt == nil || job.AttemptedAt.Before(job.ScheduledAt) {
		return 0
	}
	return job.AttemptedAt.Sub(job.ScheduledAt)
}

// endState is the state River gives a job whose run returned err.
func endState(job *rivertype.JobRow, err error) string {
	var cancel *rivertype.JobCancelError
	var snooze *rivertype.JobSnoozeError
	switch {
	case err == nil:
		return string(rivertype.JobStateCompleted)
	case errors.As(err, &cancel):
		return string(rivertype.JobStateCancelled)
	case errors.As(err, &snooze):
		return jobSnoozed
	case job.Attempt >= job.MaxAttempts:
		return string(rivertype.JobStateDiscarded)
	}
	return string(rivertype.JobStateRetryable)
}

// errPanicked stands for a run that panicked (River recovers it and counts it a failure).
var errPanicked = errors.New("the job panicked")
