package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/internal/githubfake"
)

// writeFaults are what GitHub does to one write in the fault matrix. Where the write may
// have happened (502, an error body, a hang) it did: the harder case for a retry.
var writeFaults = []struct {
	name  string
	fault githubfake.Fault
}{
	{"502-after-apply", githubfake.Fault{Kind: githubfake.ServerError, Status: 502, Applied: true}},
	{"403-secondary-retry-after", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, RetryAfter: 2 * time.Second}},
	{"429", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, Status: 429}},
	{"200-error-body", githubfake.Fault{Kind: githubfake.ErrorBody, Applied: true}},
	{"hang", githubfake.Fault{Kind: githubfake.Hang, Applied: true}},
}

// writePosition is one write of a clean run: a fault's Match and Nth.
type writePosition struct {
	match string
	nth   int
}

// cleanRun runs the command once without faults and returns its writes in order, REST and
// GraphQL, and its end state.
func cleanRun(t *testing.T) ([]writePosition, commandEnd) {
	w := newCommandWorld(t)
	if r := w.runCommand(); r.code != 0 {
		t.Fatalf("clean run: exit %d\n%s", r.code, r.stderr)
	}
	assertSpaced(t, w.f, time.Second)
	seen := map[string]int{}
	var out []writePosition
	for _, c := range botWrites(w.f) {
		m := c.Route
		if c.GraphQL {
			m = c.Fields[0]
		}
		seen[m]++
		out = append(out, writePosition{m, seen[m]})
	}
	return out, w.endOf(t)
}

// TestActionWriteFaultMatrix: at every write of a comment-triggered run — reactions, the
// progress comment and its edits, the discussion, its comments, labels, answer, the
// decision log, the final edit, the outcome reaction and the reply — each of GitHub's
// failures, followed by at most one re-run where the run failed, ends in exactly what a
// clean run leaves: one discussion with all its comments in order, labels, the answer, the
// log row, one progress comment in its final state, eyes and rocket, one reply. No run
// waits in real time: Retry-After, resets and timeouts pass on the manual clock.
func TestActionWriteFaultMatrix(t *testing.T) {
	positions, want := cleanRun(t)
	if len(positions) < 12 {
		t.Fatalf("a clean run made only %d writes: %v", len(positions), positions)
	}
	for i, at := range positions {
		for _, fk := range writeFaults {
			name := fmt.Sprintf("%02d-%s#%d/%s", i+1, shortMatch(at.match), at.nth, fk.name)
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				w := newCommandWorld(t)
				fault := fk.fault
				fault.Match, fault.Nth = at.match, at.nth
				if fault.Kind == githubfake.Hang {
					fault.OnHold = func() { w.clk.Advance(2 * time.Minute) } // past every request timeout
				}
				w.f.Inject(fault)
				r := w.runCommand()
				if r.code != 0 {
					t.Logf("first run exit %d; running it again", r.code)
					if r = w.runCommand(); r.code != 0 {
						t.Fatalf("re-run: exit %d\n%s", r.code, r.stderr)
					}
				}
				sameEnd(t, w.endOf(t), want)
				assertSpaced(t, w.f, time.Second)
			})
		}
	}
}

// shortMatch names a write for a subtest: "POST comments", "createDiscussion".
func shortMatch(m string) string {
	method, path, rest := strings.Cut(m, " ")
	if !rest {
		return m
	}
	segs := slices.DeleteFunc(strings.Split(path, "/"), func(s string) bool { return s == "" || strings.HasPrefix(s, "{") || s == "repos" })
	return method + "_" + strings.Join(segs, "_")
}
