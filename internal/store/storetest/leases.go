package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
)

func testLeases(t *testing.T, open Opener) {
	st := open(t)
	name, now, ttl := unique("lease"), baseTime, time.Minute
	acquire := func(holder string, at time.Time, want bool) {
		t.Helper()
		ok, err := st.AcquireLease(ctx(t), name, holder, at, ttl)
		if err != nil || ok != want {
			t.Fatalf("AcquireLease(%s at +%s) = %v, %v; want %v", holder, at.Sub(now), ok, err, want)
		}
	}
	acquire("w1", now, true)
	acquire("w2", now.Add(30*time.Second), false)               // w1 holds it
	acquire("w1", now.Add(50*time.Second), true)                // renewal: now until +110 s
	acquire("w2", now.Add(100*time.Second), false)              // the renewal moved the expiry
	acquire("w2", now.Add(110*time.Second), true)               // expired at exactly its end: taken over
	acquire("w1", now.Add(120*time.Second), false)              // the old holder lost it
	if err := st.ReleaseLease(ctx(t), name, "w1"); err != nil { // not w1's: a no-op
		t.Fatalf("ReleaseLease(not held): %v", err)
	}
	acquire("w3", now.Add(121*time.Second), false)
	if err := st.ReleaseLease(ctx(t), name, "w2"); err != nil {
		t.Fatalf("ReleaseLease: %v", err)
	}
	acquire("w3", now.Add(122*time.Second), true)
	holder := func(at time.Time, want string) {
		t.Helper()
		got, err := st.LeaseHolder(ctx(t), name, at)
		if err != nil || got != want {
			t.Fatalf("LeaseHolder at +%s = %q, %v; want %q", at.Sub(now), got, err, want)
		}
	}
	holder(now.Add(122*time.Second), "w3")
	holder(now.Add(182*time.Second), "") // expired at exactly its end
	if err := st.ReleaseLease(ctx(t), name, "w3"); err != nil {
		t.Fatalf("ReleaseLease: %v", err)
	}
	holder(now.Add(123*time.Second), "")
	if err := st.ReleaseLease(ctx(t), unique("never"), "w1"); err != nil {
		t.Fatalf("ReleaseLease(never taken): %v", err)
	}
}

// testConcurrentLeases races holders for one free lease: exactly one gets it.
func testConcurrentLeases(t *testing.T, st engine.Store) {
	name := unique("lease")
	got := make([]bool, workers)
	errs := fanOut(t, func(w int) error {
		ok, err := st.AcquireLease(ctx(t), name, fmt.Sprintf("w%d", w), baseTime, time.Minute)
		got[w] = ok
		return err
	})
	n := 0
	for w, ok := range got {
		if errs[w] != nil {
			t.Fatalf("AcquireLease: %v", errs[w])
		}
		if ok {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d concurrent holders got one lease, want exactly 1", n)
	}
}
