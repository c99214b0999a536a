// Package testwait waits, in tests, for what another goroutine or process does. It has no
// deadline of its own: these machines are shared and loaded, and a test that gives up after a
// fixed minute fails there although nothing is wrong. It gives up only shortly before the test
// binary's own timeout (go test -timeout), to say what it was waiting for while it still can;
// without a timeout it waits as long as it takes.
package testwait

import (
	"context"
	"testing"
	"time"
)

// T is a test that knows its binary's deadline (*testing.T does).
type T interface {
	testing.TB
	Deadline() (time.Time, bool)
}

// poll is how often Until looks.
const poll = 10 * time.Millisecond

// margin is how long before the binary's deadline a wait gives up: long enough to print
// what it waited for, and a log, before the binary panics.
func margin(left time.Duration) time.Duration { return min(30*time.Second, left/10) }

// Until polls cond until it holds, failing t shortly before the binary's timeout with what
// and, when given, detail (a log, the state seen last).
func Until(t T, what string, cond func() bool, detail ...func() string) {
	t.Helper()
	end, ok := giveUp(t)
	for !cond() {
		if ok && time.Now().After(end) {
			msg := what + ": not before the test binary's timeout"
			for _, d := range detail {
				msg += "\n" + d()
			}
			t.Fatal(msg)
		}
		time.Sleep(poll)
	}
}

// Context is a context that ends shortly before the binary's timeout (never, without one),
// for a subprocess or a call that must not outlive the test.
func Context(t T) (context.Context, context.CancelFunc) {
	end, ok := giveUp(t)
	if !ok {
		return context.WithCancel(context.Background())
	}
	return context.WithDeadline(context.Background(), end)
}

// giveUp is when a wait gives up, and whether there is such a time.
func giveUp(t T) (time.Time, bool) {
	d, ok := t.Deadline()
	if !ok {
		return time.Time{}, false
	}
	return d.Add(-margin(time.Until(d))), true
}
