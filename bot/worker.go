package bot

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/war-room/war-room/bot/queue"
	"github.com/war-room/war-room/bot/webhook"
)

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

// DeliveryWorker runs a queued delivery (the App's queue.Worker): the handler for its event,
// with Base's dependencies and the delivery's installation connection.
type DeliveryWorker struct {
	Clients clientCreator
	// Base is copied for every job; its GitHub and Log are replaced.
	Base Deps
	// Handlers builds the handlers over a job's dependencies (nil: AppHandlers).
	Handlers func(*Deps) []eventHandler
	// RepoShare is how many jobs of one repository may run at once, across every worker
	// sharing the store (0: no bound; serve sets half its workers). A job over its
	// repository's share is snoozed, leaving its worker to other repositories.
	RepoShare int
	// ShareSnooze is how long such a job waits before it tries again (0: 5 s).
	ShareSnooze time.Duration
}

var _ queue.Worker = (*DeliveryWorker)(nil)

// errNoHandler is a queued event no handler takes (the intake should not have queued it).
var errNoHandler = errors.New("no handler for this event")

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

// Work runs one job. Failures that retrying cannot mend end the job (cancelled) at once. The
// handler's log carries the job's installation; the handler adds the delivery, repository and
// thread itself (as it does in the Action), and this function's own lines carry them too.
func (w *DeliveryWorker) Work(ctx context.Context, job queue.Job) error {
	a := job.Delivery
	d := w.Base
	base := d.log().With("event", a.Event, "installation", a.Installation, "job", job.ID, "attempt", job.Attempt)
	log := base.With("delivery", a.ID, "repo", a.Repo)
	if env, err := webhook.ParseEnvelope(a.Payload); err == nil {
		log = log.With("thread", env.Thread())
	}
	gh, err := w.Clients.Installation(a.Installation)
	if err != nil {
		log.Error("job: no GitHub connection", "err", err)
		return queue.Cancel(err)
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
		return queue.Cancel(errNoHandler)
	}
	release, ok, err := w.takeShare(ctx, &d, a.Repo)
	switch {
	case err != nil:
		return err // the store may answer on the next attempt
	case !ok:
		log.Info("job: snoozed: " + errShareTaken.Error())
		return queue.Snooze(cmp.Or(w.ShareSnooze, 5*time.Second))
	}
	defer release()
	ctx, note := withJobNote(ctx, job.Attempt < job.MaxAttempts)
	err = hs[i].Handle(ctx, a.Event, a.ID, a.Payload)
	return outcome(err, note.with(log))
}
