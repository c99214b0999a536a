package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/war-room/war-room/bot/webhook"
)

// deliveryKind names the job kind in River's tables; changing it orphans queued jobs.
const deliveryKind = "github_delivery"

// maxAttempts bounds how often a delivery's job runs when it keeps failing on something
// that may pass (GitHub unreachable, a rate limit). A final failure runs once.
const maxAttempts = 5

// deliveryArgs is a queued delivery, stored as the job's arguments without its payload
// (queue_payload.go). A job of an older build carries the payload as bytes (base64 in JSON)
// rather than embedded JSON because PostgreSQL's jsonb refuses some strings GitHub may send
// (\u0000 in a comment); the payload table holds bytes for the same reason.
type deliveryArgs struct {
	Event        string `json:"event"`
	DeliveryID   string `json:"delivery_id" river:"unique"`
	Installation int64  `json:"installation"`
	Repo         string `json:"repo,omitempty"`
	// Payload is empty in a job's arguments: it is stored by delivery id beside the job
	// (queue_payload.go). Jobs queued before that carry it here, and run as they did.
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
	return river.InsertOpts{MaxAttempts: maxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true, ByState: everyState}}
}

// eventHandler is one bot handler, as the Action and the App both drive it.
type eventHandler interface {
	// Handles names the events it takes.
	Handles() []string
	// Handle acts on one delivery. An error that Final accepts has been reported where the
	// user sees it; any other may pass on a retry.
	Handle(ctx context.Context, eventType, deliveryID string, payload []byte) error
}

// AppHandlers are the handlers the App runs; workflow_dispatch belongs to the Action.
func AppHandlers(d *Deps) []eventHandler {
	return []eventHandler{&IssueComment{Deps: d}, &DiscussionComment{Deps: d}, &PullRequest{Deps: d}}
}

// HandledEvents lists the events a set of handlers takes.
func HandledEvents(hs []eventHandler) []string {
	var out []string
	for _, h := range hs {
		out = append(out, h.Handles()...)
	}
	return out
}

// DeliveryWorker runs a queued delivery: the handler for its event, with Base's
// dependencies and the delivery's installation connection.
type DeliveryWorker struct {
	river.WorkerDefaults[deliveryArgs]
	Clients clientCreator
	// Base is copied for every job; its GitHub and Log are replaced.
	Base Deps
	// Handlers builds the handlers over a job's dependencies (nil: AppHandlers).
	Handlers func(*Deps) []eventHandler
	// JobTimeout bounds one job (0: DefaultJobTimeout).
	JobTimeout time.Duration
	// Observer, when set, is told when each job starts and how it ended.
	Observer JobObserver
	// RepoShare is how many jobs of one repository may run at once, across every worker
	// sharing the store (0: no bound; a queue sets half its workers). A job over its
	// repository's share is snoozed, leaving its worker to other repositories.
	RepoShare int
	// ShareSnooze is how long such a job waits before it tries again (0: 5 s).
	ShareSnooze time.Duration
}

// errShareTaken is a job whose repository already runs its share of jobs.
var errShareTaken = errors.New("its repository already runs its share of the App's workers")

// takeShare holds one of the repository's RepoShare slots for this job, or says it cannot:
// a lease per slot in the shared store, renewed while held, so that replicas share the
// bound too.
func (w *DeliveryWorker) takeShare(ctx context.Context, d *Deps, repo string) (func(), bool, error) {
	if w.RepoShare <= 0 || repo == "" || d.Holder == "" || d.OpenStore == nil {
		return func() {}, true, nil
	}
	store, err := d.OpenStore(ctx)
	if err != nil {
		return nil, false, err
	}
	for i := range w.RepoShare {
		release, ok, err := d.holds(ctx, store, fmt.Sprintf("repo-share:%s:%d", repo, i))
		if err != nil {
			store.Close()
			return nil, false, err
		}
		if ok {
			return func() { release(); store.Close() }, true, nil
		}
	}
	store.Close()
	return nil, false, nil
}

// Timeout is the job's own bound, overriding the client's.
func (w *DeliveryWorker) Timeout(*river.Job[deliveryArgs]) time.Duration {
	return orDuration(w.JobTimeout, defaultJobTimeout)
}

// Work runs one job, whose arguments carry its payload, and reports it to the observer.
func (w *DeliveryWorker) Work(ctx context.Context, job *river.Job[deliveryArgs]) error {
	return w.work(ctx, job, nil)
}

// storedWorker is the DeliveryWorker as a queue runs it: a job's payload is read by its
// delivery id from the queue's database.
type storedWorker struct {
	*DeliveryWorker
	payloads payloadReader
}

func (s *storedWorker) Work(ctx context.Context, job *river.Job[deliveryArgs]) error {
	return s.work(ctx, job, s.payloads)
}

// work runs one job, reading its payload from payloads unless it carries it, and reports it
// to the observer.
func (w *DeliveryWorker) work(ctx context.Context, job *river.Job[deliveryArgs], payloads payloadReader) (err error) {
	if o := w.Observer; o != nil {
		o.JobStarted(job.Args.Event, queueWait(job.JobRow))
		err = errPanicked // until run returns
		defer func() { o.JobEnded(job.Args.Event, endState(job.JobRow, err)) }()
	}
	a, err := withPayload(ctx, payloads, job.Args)
	switch {
	case errors.Is(err, errNoPayload):
		w.Base.log().Error("job: "+err.Error(), "event", a.Event, "delivery", a.DeliveryID, "job", job.ID)
		return river.JobCancel(err)
	case err != nil:
		return err // the database may answer on the next attempt
	}
	return w.run(ctx, &river.Job[deliveryArgs]{JobRow: job.JobRow, Args: a})
}

// run runs one job. Failures that retrying cannot mend end the job (cancelled) at once. The
// handler's log carries the job's installation; the handler adds the delivery, repository and
// thread itself (as it does in the Action), and this function's own lines carry them too.
func (w *DeliveryWorker) run(ctx context.Context, job *river.Job[deliveryArgs]) error {
	a := job.Args
	d := w.Base
	base := d.log().With("event", a.Event, "installation", a.Installation, "job", job.ID, "attempt", job.Attempt)
	log := base.With("delivery", a.DeliveryID, "repo", a.Repo)
	if env, err := webhook.ParseEnvelope(a.Payload); err == nil {
		log = log.With("thread", env.Thread())
	}
	gh, err := w.Clients.Installation(a.Installation)
	if err != nil {
		log.Error("job: no GitHub connection", "err", err)
		return river.JobCancel(err)
	}
	d.GitHub, d.Log, d.Installation = gh, base, a.Installation
	if d.Holder != "" { // a lease is a job's: two jobs of one process are two holders
		d.Holder = fmt.Sprintf("%s/job-%d", d.Holder, job.ID)
	}
	handlers := AppHandlers
	if w.Handlers != nil {
		handlers = w.Handlers
	}
	hs := handlers(&d)
	i := slices.IndexFunc(hs, func(h eventHandler) bool { return slices.Contains(h.Handles(), a.Event) })
	if i < 0 {
		log.Error("job: " + errNoHandler.Error())
		return river.JobCancel(errNoHandler)
	}
	release, ok, err := w.takeShare(ctx, &d, a.Repo)
	switch {
	case err != nil:
		return err // the store may answer on the next attempt
	case !ok:
		log.Info("job: snoozed: " + errShareTaken.Error())
		return river.JobSnooze(orDuration(w.ShareSnooze, 5*time.Second))
	}
	defer release()
	ctx, note := withJobNote(ctx, job.Attempt < job.MaxAttempts)
	err = hs[i].Handle(ctx, a.Event, a.DeliveryID, a.Payload)
	return outcome(err, note.with(log))
}
