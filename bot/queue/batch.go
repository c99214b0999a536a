package queue

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/riverqueue/river/rivertype"

	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/internal/groupcommit"
)

// maxBatch bounds how many deliveries one insert transaction takes.
const maxBatch = 128

// errQueueClosed answers a delivery that arrives after Close.
var errQueueClosed = groupcommit.ErrClosed

// batcher is the queue's single writer, a group commit: Enqueue hands it a delivery and waits;
// it takes that one and every other already waiting (up to maxBatch, never waiting for more)
// and inserts them in one transaction, so a burst of deliveries costs a few synced commits
// instead of one each. Every delivery is answered only after the transaction holding its job
// committed; when the transaction fails, every delivery in it gets the error (and the webhook
// a 503, so GitHub sends it again).
type batcher struct {
	w *groupcommit.Writer[*waiting]
	// insert stores the jobs in one transaction, one result per job in any order.
	insert func(context.Context, []deliveryArgs) ([]*rivertype.JobInsertResult, error)
	// batched, when set, is told the size of every transaction before it runs (tests).
	batched func(n int)
}

// waiting is one delivery waiting for its commit.
type waiting struct {
	ctx  context.Context
	args deliveryArgs
	dup  bool
	err  error
	done chan struct{}
}

// Finish answers the delivery; err, when set, is its failure.
func (w *waiting) Finish(err error) {
	if err != nil {
		w.err = err
	}
	close(w.done)
}

func newBatcher(insert func(context.Context, []deliveryArgs) ([]*rivertype.JobInsertResult, error)) *batcher {
	b := &batcher{insert: insert}
	b.w = groupcommit.New(maxBatch, b.commit)
	return b
}

// enqueue stores a as a job through the writer and reports whether it was a duplicate.
func (b *batcher) enqueue(ctx context.Context, a deliveryArgs) (bool, error) {
	w := &waiting{ctx: ctx, args: a, done: make(chan struct{})}
	if err := b.w.Hand(ctx, w); err != nil {
		return false, err
	}
	<-w.done // answered whatever ctx does meanwhile: its job may be committed
	return w.dup, w.err
}

// close stops the writer once it has answered what it took; closing twice is harmless.
func (b *batcher) close() { b.w.Close() }

// commit inserts a batch in one transaction and answers every delivery in it. A delivery id
// twice in one batch is inserted once (a transaction may not write a unique row twice); the
// later copies are duplicates of it.
func (b *batcher) commit(batch []*waiting) {
	var args []deliveryArgs
	first := map[string]*waiting{}
	for _, w := range batch {
		if err := w.ctx.Err(); err != nil {
			w.err = err
			continue
		}
		if _, ok := first[w.args.DeliveryID]; !ok {
			first[w.args.DeliveryID] = w
			args = append(args, w.args)
		}
	}
	var inserted map[string]bool
	var err error
	if len(args) > 0 {
		if b.batched != nil {
			b.batched(len(args))
		}
		ctx, cancel := context.WithTimeout(context.Background(), webhook.EnqueueTimeout)
		inserted, err = b.insertAll(ctx, args)
		cancel()
	}
	for _, w := range batch {
		if w.err == nil {
			b.answer(w, inserted, first, err)
		}
		w.Finish(nil)
	}
}

// answer sets a delivery's outcome from its batch's.
func (b *batcher) answer(w *waiting, inserted map[string]bool, first map[string]*waiting, err error) {
	dup, ok := inserted[w.args.DeliveryID]
	switch {
	case err != nil:
		w.err = err
	case !ok:
		w.err = fmt.Errorf("the queue returned no job for delivery %s", w.args.DeliveryID)
	default:
		w.dup = dup || first[w.args.DeliveryID] != w
	}
}

// insertAll inserts args and returns, by delivery id, whether each was a duplicate.
func (b *batcher) insertAll(ctx context.Context, args []deliveryArgs) (map[string]bool, error) {
	res, err := b.insert(ctx, args)
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(res))
	for _, r := range res {
		id, err := deliveryIDOf(r.Job.EncodedArgs)
		if err != nil {
			return nil, fmt.Errorf("read back job %d: %w", r.Job.ID, err)
		}
		out[id] = r.UniqueSkippedAsDuplicate
	}
	return out, nil
}

// deliveryIDOf reads a job's delivery id from its arguments, stopping there: the writer's time
// is every delivery's wait (and a job of an older build has its payload after the id).
func deliveryIDOf(args []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(args))
	if _, err := dec.Token(); err != nil {
		return "", err
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return "", err
		}
		if k == "delivery_id" {
			var id string
			return id, dec.Decode(&id)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return "", err
		}
	}
	return "", errors.New("the job's arguments have no delivery_id")
}
