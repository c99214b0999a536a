// Package groupcommit is the single writer that the SQLite step store and the App's job queue
// share: callers hand it requests and wait; it takes one request and every other already
// waiting, and commits them together, so that writers arriving together pay for one synced
// commit instead of one each. It never waits for more requests to arrive (there is no timer):
// a lone request is committed at once, and a burst batches itself behind the commit in flight.
package groupcommit

import (
	"context"
	"errors"
	"sync"
)

// ErrClosed answers a request handed over after Close.
var ErrClosed = errors.New("the writer is closed")

// request is one caller's part of a batch: the writer calls Finish exactly once, with the
// outcome of the commit holding it (or ErrClosed), and the caller waits for that.
type request interface {
	Finish(err error)
}

// Writer commits batches of R, at most max at a time, one batch after another.
type Writer[R request] struct {
	in   chan R
	quit chan struct{}
	done chan struct{}
	// mu orders Hand before Close: once closed is set, nothing more enters in.
	mu     sync.RWMutex
	closed bool
	commit func(batch []R)
}

// New starts a writer. commit stores a batch and calls Finish on every request in it.
func New[R request](max int, commit func(batch []R)) *Writer[R] {
	w := &Writer[R]{in: make(chan R, max), quit: make(chan struct{}), done: make(chan struct{}), commit: commit}
	go w.run()
	return w
}

// Hand gives r to the writer, which will Finish it; the caller then waits for that. Hand
// fails, without handing r over, when ctx ends first or the writer is closed.
func (w *Writer[R]) Hand(ctx context.Context, r R) error {
	w.mu.RLock()
	defer w.mu.RUnlock()
	if w.closed {
		return ErrClosed
	}
	select {
	case w.in <- r:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops the writer after the batch in flight and finishes every request still waiting
// with ErrClosed; closing twice is harmless.
func (w *Writer[R]) Close() {
	w.mu.Lock()
	if !w.closed {
		w.closed = true
		close(w.quit)
	}
	w.mu.Unlock()
	<-w.done
}

func (w *Writer[R]) run() {
	defer close(w.done)
	for {
		select {
		case r := <-w.in:
			w.commit(w.gather(r))
		case <-w.quit:
			w.drain()
			return
		}
	}
}

// gather takes first and whatever else is waiting, without waiting for more.
func (w *Writer[R]) gather(first R) []R {
	batch := []R{first}
	for len(batch) < cap(w.in) {
		select {
		case r := <-w.in:
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}

func (w *Writer[R]) drain() {
	for {
		select {
		case r := <-w.in:
			r.Finish(ErrClosed)
		default:
			return
		}
	}
}
