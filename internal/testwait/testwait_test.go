package testwait

import (
	"sync/atomic"
	"testing"
	"time"
)

// fakeT records a failure instead of ending the test, with a deadline of the test's choosing.
type fakeT struct {
	*testing.T
	deadline time.Time
	failed   atomic.Bool
	msg      string
}

func (f *fakeT) Deadline() (time.Time, bool) { return f.deadline, !f.deadline.IsZero() }
func (f *fakeT) Fatal(args ...any) {
	f.failed.Store(true)
	f.msg = args[0].(string)
	panic(f) // Fatal must not return
}

func TestUntilWaitsForTheCondition(t *testing.T) {
	var n atomic.Int32
	Until(t, "three polls", func() bool { return n.Add(1) >= 3 })
	if n.Load() != 3 {
		t.Fatalf("polled %d times", n.Load())
	}
}

// Past the point it gives up (the deadline already near), Until fails with what it waited for
// and the detail.
func TestUntilGivesUpBeforeTheBinaryTimeout(t *testing.T) {
	f := &fakeT{T: t, deadline: time.Now()}
	func() {
		defer func() { recover() }()
		Until(f, "the reply", func() bool { return false }, func() string { return "server log" })
	}()
	if !f.failed.Load() || f.msg != "the reply: not before the test binary's timeout\nserver log" {
		t.Fatalf("failed %v: %q", f.failed.Load(), f.msg)
	}
}

func TestContextEndsBeforeTheDeadline(t *testing.T) {
	d := time.Now().Add(time.Hour)
	ctx, cancel := Context(&fakeT{T: t, deadline: d})
	defer cancel()
	end, ok := ctx.Deadline()
	if !ok || !end.Before(d) || end.Before(d.Add(-31*time.Second)) {
		t.Fatalf("context deadline %v (%v), want within 30 s before %v", end, ok, d)
	}
	ctx, cancel = Context(&fakeT{T: t})
	defer cancel()
	if _, ok := ctx.Deadline(); ok {
		t.Fatal("without a binary timeout the context has a deadline")
	}
}
