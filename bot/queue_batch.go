package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/riverqueue/river/rivertype"
)

// maxBatch bounds how many deliveries one insert transaction takes.
const maxBatch = 128

// errQueueClosed answers a delivery that arrives after Close.
var errQueueClosed = errors.New("the job queue is closed")

// batcher is the queue's single writer, a group commit: Enqueue hands it a delivery and waits;
// it takes that one and every other already waiting (up to maxBatch, never waiting for more)
// and inserts them in one transaction, so a burst of deliveries costs a few synced commits
// instead of one each. Every delivery is answered only after the transaction holding its job
// committed; when the transaction fails, every delivery in it gets the error (and the webhook
// a 503, so GitHub sends it again).
type batcher struct {
	in       chan *waiting
	quit     chan struct{}
	done     chan struct{}
	quitOnce sync.Once
	// insert stores the jobs in one transaction, one result per job in any order.
	insert func(context.Context, []DeliveryArgs) ([]*rivertype.JobInsertResult, error)
	// batched, when set, is told the size of every transaction before it runs (tests).
	batched func(n int)
}

// waiting is one delivery waiting for its commit.
type waiting struct {
	ctx  context.Context
	args DeliveryArgs
	dup  bool
	err  error
	done chan struct{}
}

func newBatcher(insert func(context.Context, []DeliveryArgs) ([]*rivertype.JobInsertResult, error)) *batcher {
	b := &batcher{in: make(chan *waiting, maxBatch), quit: make(chan struct{}), done: make(chan struct{}),
		insert: insert}
	go b.run()
	return b
}

// enqueue stores a as a job through the writer and reports whether it was a duplicate.
func (b *batcher) enqueue(ctx context.Context, a DeliveryArgs) (bool, error) {
	w := &waiting{ctx: ctx, args: a, done: make(chan struct{})}
	select {
	case b.in <- w:
	case <-b.quit:
		return false, errQueueClosed
	case <-ctx.Done():
		return false, ctx.Err()
	}
	// The writer answers every delivery it took, ctx or not: its job may be committed.
	select {
	case <-w.done:
	case <-b.done:
		select {
		case <-w.done:
		default: // handed over as the writer stopped, never taken
			return false, errQueueClosed
		}
	}
	return w.dup, w.err
}

// close stops the writer once it has answered what it took; closing twice is harmless.
func (b *batcher) close() {
	b.quitOnce.Do(func() { close(b.quit) })
	<-b.done
}

func (b *batcher) run() {
	defer close(b.done)
	for {
		select {
		case w := <-b.in:
			b.commit(b.gather(w))
		case <-b.quit:
			b.drain()
			return
		}
	}
}

// gather takes first and whatever else is waiting, without waiting for more.
func (b *batcher) gather(first *waiting) []*waiting {
	batch := []*waiting{first}
	for len(batch) < maxBatch {
		select {
		case w := <-b.in:
			batch = append(batch, w)
		default:
			return batch
		}
	}
	return batch
}

// drain answers the deliveries handed over as the queue closed.
func (b *batcher) drain() {
	for {
		select {
		case w := <-b.in:
			w.err = errQueueClosed
			close(w.done)
		default:
			return
		}
	}
}

// commit inserts a batch in one transaction and answers every delivery in it. A delivery id
// twice in one batch is inserted once (a transaction may not write a unique row twice); the
// later copies are duplicates of it.
func (b *batcher) commit(batch []*waiting) {
	defer func() {
		for _, w := range batch {
			close(w.done)
		}
	}()
	var args []DeliveryArgs
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
	if len(args) == 0 {
		return
	}
	if b.batched != nil {
		b.batched(len(args))
	}
	ctx, cancel := context.WithTimeout(context.Background(), enqueueTimeout)
	defer cancel()
	inserted, err := b.insertAll(ctx, args)
	for _, w := range batch {
		if w.err != nil {
			continue
		}
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
}

// insertAll inserts args and returns, by delivery id, whether each was a duplicate.
func (b *batcher) insertAll(ctx context.Context, args []DeliveryArgs) (map[string]bool, error) {
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

// deliveryIDOf reads a job's delivery id from its arguments, stopping there: the payload after
// it is most of the bytes, and the writer's time is every delivery's wait.
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
