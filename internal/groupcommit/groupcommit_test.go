package groupcommit_test

import (
	"context"
	"errors"
	"testing"

	"github.com/war-room/war-room/internal/groupcommit"
)

type req struct {
	err  error
	done chan struct{}
}

func (r *req) Finish(err error) { r.err = err; close(r.done) }

func newReq() *req { return &req{done: make(chan struct{})} }

// Requests waiting behind a batch in flight are committed together in the next one, and
// Close finishes every request it took, committed or refused, before it returns.
func TestWaitingRequestsShareTheNextBatch(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	var sizes []int
	w := groupcommit.New(8, func(batch []*req) {
		sizes = append(sizes, len(batch))
		if len(sizes) == 1 {
			close(entered)
			<-release
		}
		for _, r := range batch {
			r.Finish(nil)
		}
	})
	first := newReq()
	if err := w.Hand(context.Background(), first); err != nil {
		t.Fatal(err)
	}
	<-entered
	rest := []*req{newReq(), newReq(), newReq()}
	for _, r := range rest {
		if err := w.Hand(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	close(release)
	for _, r := range append(rest, first) {
		<-r.done
	}
	w.Close()
	if len(sizes) != 2 || sizes[0] != 1 || sizes[1] != 3 {
		t.Errorf("batches %v, want [1 3]", sizes)
	}
	if err := w.Hand(context.Background(), newReq()); !errors.Is(err, groupcommit.ErrClosed) {
		t.Errorf("Hand after Close: %v, want ErrClosed", err)
	}
}

// A request still waiting when the writer closes is finished, with ErrClosed or by a commit.
func TestCloseFinishesWaitingRequests(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	n := 0
	w := groupcommit.New(8, func(batch []*req) {
		if n++; n == 1 {
			close(entered)
			<-release
		}
		for _, r := range batch {
			r.Finish(nil)
		}
	})
	a, b := newReq(), newReq()
	if err := w.Hand(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	<-entered
	if err := w.Hand(context.Background(), b); err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	go func() { w.Close(); close(closed) }()
	close(release)
	<-closed
	<-a.done
	<-b.done // finished either way: committed, or refused with ErrClosed
	if b.err != nil && !errors.Is(b.err, groupcommit.ErrClosed) {
		t.Errorf("waiting request: %v", b.err)
	}
}
