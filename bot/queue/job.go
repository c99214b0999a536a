package queue

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/war-room/war-room/bot/webhook"
)

// deliveryKind names the job kind in River's tables; changing it orphans queued jobs.
const deliveryKind = "github_delivery"

// MaxAttempts bounds how often a delivery's job runs when it keeps failing on something
// that may pass (GitHub unreachable, a rate limit). A job its worker cancels runs once.
const MaxAttempts = 5

// Job is one run of a queued delivery, as a Worker is handed it.
type Job struct {
	// ID is the job's row (a rescue job has its own, not the abandoned job's).
	ID int64
	// Attempt counts this job's runs, this one included; after MaxAttempts failures the job
	// is not run again.
	Attempt, MaxAttempts int
	// Delivery is what the webhook stored, its payload included.
	Delivery webhook.Delivery
}

// Worker runs queued deliveries. An error makes the queue run the job again later (up to
// MaxAttempts), unless it is Cancel's (never again) or Snooze's (again after a while, without
// counting an attempt).
type Worker interface {
	Work(ctx context.Context, job Job) error
}

// WorkerFunc is a function as a Worker.
type WorkerFunc func(ctx context.Context, job Job) error

// Work calls f.
func (f WorkerFunc) Work(ctx context.Context, job Job) error { return f(ctx, job) }

// Cancel ends a job for good: running it again cannot mend err.
func Cancel(err error) error { return river.JobCancel(err) }

// Snooze puts a job off for d without counting the attempt (what it waits on is busy).
func Snooze(d time.Duration) error { return river.JobSnooze(d) }

// deliveryArgs is a queued delivery, stored as the job's arguments without its payload
// (payload.go). A job of an older build carries the payload as bytes (base64 in JSON)
// rather than embedded JSON because PostgreSQL's jsonb refuses some strings GitHub may send
// (\u0000 in a comment); the payload table holds bytes for the same reason.
type deliveryArgs struct {
	Event        string `json:"event"`
	DeliveryID   string `json:"delivery_id" river:"unique"`
	Installation int64  `json:"installation"`
	Repo         string `json:"repo,omitempty"`
	// Payload is empty in a job's arguments: it is stored by delivery id beside the job
	// (payload.go). Jobs queued before that carry it here, and run as they did.
	Payload []byte `json:"payload,omitempty"`
}

// Kind names the job kind.
func (deliveryArgs) Kind() string { return deliveryKind }

// everyState makes a delivery id unique among all its jobs, however they ended, for as long
// as River keeps the rows: a redelivery of a job that failed for good is a duplicate too.
var everyState = []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStateCancelled,
	rivertype.JobStateCompleted, rivertype.JobStateDiscarded, rivertype.JobStatePending,
	rivertype.JobStateRetryable, rivertype.JobStateRunning, rivertype.JobStateScheduled}

// InsertOpts makes the delivery id the job's unique key and bounds its attempts.
func (deliveryArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: everyState}}
}

func (a deliveryArgs) delivery() webhook.Delivery {
	return webhook.Delivery{Event: a.Event, ID: a.DeliveryID, Installation: a.Installation, Repo: a.Repo, Payload: a.Payload}
}

// deliveryWorker is a Worker as River runs it: a job's payload is read by its delivery id
// from the queue's database (unless the job carries it), and the observer is told how the
// run went.
type deliveryWorker struct {
	river.WorkerDefaults[deliveryArgs]
	worker   Worker
	payloads payloadReader
	observer Observer
	timeout  time.Duration
	log      *slog.Logger
}

// Timeout is the job's own bound, the client's.
func (w *deliveryWorker) Timeout(*river.Job[deliveryArgs]) time.Duration { return w.timeout }

func (w *deliveryWorker) Work(ctx context.Context, job *river.Job[deliveryArgs]) (err error) {
	if o := w.observer; o != nil {
		o.JobStarted(job.Args.Event, queueWait(job.JobRow))
		err = errPanicked // until the run returns
		defer func() { o.JobEnded(job.Args.Event, endState(job.JobRow, err)) }()
	}
	a, err := withPayload(ctx, w.payloads, job.Args)
	switch {
	case errors.Is(err, errNoPayload):
		w.log.Error("job: "+err.Error(), "event", a.Event, "delivery", a.DeliveryID, "job", job.ID)
		return Cancel(err)
	case err != nil:
		return err // the database may answer on the next attempt
	}
	return w.worker.Work(ctx, Job{ID: job.ID, Attempt: job.Attempt, MaxAttempts: job.MaxAttempts, Delivery: a.delivery()})
}
