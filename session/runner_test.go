package session_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/session"
)

// A publication cut short (the job killed, GitHub failing for good mid-way) is completed by
// running the session again: the stored, sealed decision is published without deliberating
// again, into the same discussion, every part once and in order.
func TestRunningACompletedSessionAgainFinishesItsPublication(t *testing.T) {
	w := newWorld(t)
	st := w.store("")
	w.f.Inject(githubfake.Fault{Match: "addDiscussionComment", Nth: 3, Kind: githubfake.GraphQLError, Type: "FORBIDDEN"})
	first := w.runner(st).Run(context.Background(), w.request("wr-pub0000000000001"))
	var pe *session.PublishError
	if first.Status != engine.StatusCompleted || !errors.As(first.Err, &pe) {
		t.Fatalf("first run: %s, %v", first.Status, first.Err)
	}
	calls := ledgerLen(t, st, "wr-pub0000000000001")
	again := w.runner(st).Run(context.Background(), w.request("wr-pub0000000000001"))
	if again.Err != nil || again.Published == nil || again.Published.Number == 0 {
		t.Fatalf("second run: %s %v %+v", again.Status, again.Err, again.Published)
	}
	if n := ledgerLen(t, st, "wr-pub0000000000001"); n != calls {
		t.Errorf("finishing the publication made %d more model call(s)", n-calls)
	}
	pub := w.published()
	if len(pub) != 2 { // the decision and the decision log
		t.Fatalf("discussions: %v", pub)
	}
	for title, parts := range pub {
		if strings.HasPrefix(title, "[War Room]") && (len(parts) < 5 || hasDuplicate(parts)) {
			t.Errorf("%s: comments %v", title, parts)
		}
	}
}

// A fresh runner (an Action re-run, whose store is gone) continuing a session that began to
// publish never finds its own discussion as an earlier decision: no prior-decision question,
// no "superseded by" on itself; the same discussion is completed.
func TestARerunNeverFindsItsOwnDiscussion(t *testing.T) {
	w := newWorld(t)
	w.f.Inject(githubfake.Fault{Match: "addDiscussionComment", Nth: 2, Kind: githubfake.GraphQLError, Type: "FORBIDDEN"})
	first := w.runner(w.store("")).Run(context.Background(), w.request("wr-rerun00000000001"))
	if first.Err == nil {
		t.Fatal("the fault did not surface")
	}
	w.f.SetSearchLag(0)
	again := w.runner(w.store("")).Run(context.Background(), w.request("wr-rerun00000000001"))
	if again.Status != engine.StatusCompleted || again.Err != nil {
		t.Fatalf("re-run: %s gate=%+v err=%v", again.Status, again.Gate, again.Err)
	}
	if n := len(w.f.Discussions(repoName)); n != 2 {
		t.Fatalf("%d discussions, want the decision and its log", n)
	}
	for _, d := range w.f.Discussions(repoName) {
		for _, c := range w.f.Comments(d.ID) {
			if strings.Contains(c.Body, "part=superseded-by") {
				t.Errorf("#%d was marked superseded: %q", d.Number, c.Body)
			}
		}
	}
}

// One command, one session: two requests with one claim (two deliveries of one comment)
// run one session, whatever ids they came with.
func TestOneClaimIsOneSession(t *testing.T) {
	w := newWorld(t)
	st := w.store("")
	a := w.request("wr-claim0000000000a")
	a.Claim = "comment:acme/widgets:42"
	b := w.request("wr-claim0000000000b")
	b.Claim = a.Claim
	if out := w.runner(st).Run(context.Background(), a); out.Err != nil {
		t.Fatal(out.Err)
	}
	out := w.runner(st).Run(context.Background(), b)
	if out.Err != nil || out.Session.ID != a.SessionID {
		t.Fatalf("second delivery ran session %v (%v), want %s", out.Session, out.Err, a.SessionID)
	}
	if n := len(w.f.Discussions(repoName)); n != 2 {
		t.Errorf("%d discussions, want one decision and its log", n)
	}
	if _, err := st.GetSession(context.Background(), b.SessionID); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("a second session %s exists: %v", b.SessionID, err)
	}
}

// A session runs on one worker at a time: while one holds its lease, another runner ends at
// once with ErrBusy and spends nothing.
func TestALeasedSessionIsBusyElsewhere(t *testing.T) {
	w := newWorld(t)
	st := w.store("")
	release, ok, err := session.Hold(context.Background(), st, session.SessionLease("wr-busy00000000001"), "worker-a", 0, w.clk.now, func(string) {})
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	defer release()
	r := w.runner(st)
	r.Holder = "worker-b"
	out := r.Run(context.Background(), w.request("wr-busy00000000001"))
	if !errors.Is(out.Err, session.ErrBusy) {
		t.Fatalf("want ErrBusy, got %s %v", out.Status, out.Err)
	}
	if _, err := st.GetSession(context.Background(), "wr-busy00000000001"); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("the busy run created the session: %v", err)
	}
}

func ledgerLen(t *testing.T, st engine.Store, id string) int {
	t.Helper()
	l, err := st.Ledger(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return len(l)
}

func hasDuplicate(parts []string) bool {
	seen := map[string]bool{}
	for _, p := range parts {
		if seen[p] {
			return true
		}
		seen[p] = true
	}
	return false
}

// A runner that waits (the CLI) does not fail on a session another process is running: it
// says whose it is, waits until the lease is free, and then runs. No wall clock: the sleep is
// a hook that lets the other holder go on its first call.
func TestAWaitingRunnerWaitsForTheHolder(t *testing.T) {
	w := newWorld(t)
	st := w.store("")
	ctx := context.Background()
	release, ok, err := session.Hold(ctx, st, session.SessionLease("wr-wait00000000001"), "worker-a", 0, w.clk.now, func(string) {})
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	r := w.runner(st)
	r.Holder, r.Wait = "worker-b", true
	var warnings []string
	r.Warn = func(m string) { warnings = append(warnings, m) }
	sleeps := 0
	r.Sleep = func(context.Context, time.Duration) error {
		sleeps++
		if sleeps == 1 {
			release()
		}
		return nil
	}
	out := r.Run(ctx, w.request("wr-wait00000000001"))
	if out.Err != nil || out.Status != engine.StatusCompleted {
		t.Fatalf("want the session run once the lease was free, got %s %v", out.Status, out.Err)
	}
	if sleeps != 1 || len(warnings) == 0 || !strings.Contains(warnings[0], "is running in worker-a; waiting for it") {
		t.Errorf("sleeps %d, warnings %q", sleeps, warnings)
	}
}

// A lease held by a process of this host that no longer runs (a killed resume) is taken
// over at once, without waiting for it to expire; a live holder's is not.
func TestALeaseOfAGoneProcessIsTakenOver(t *testing.T) {
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	gone := fmt.Sprintf("cli %s pid %d", host, dead.Process.Pid)
	if !session.HolderGone(gone) {
		t.Fatalf("%s should be gone", gone)
	}
	for _, alive := range []string{session.LocalHolder(), fmt.Sprintf("cli %s pid %d", host, os.Getppid()),
		fmt.Sprintf("cli another-host-%s pid %d", host, dead.Process.Pid), "worker-a"} {
		if session.HolderGone(alive) {
			t.Errorf("%s judged gone", alive)
		}
	}

	w := newWorld(t)
	st := w.store("")
	ctx := context.Background()
	if ok, err := st.AcquireLease(ctx, session.SessionLease("wr-gone00000000001"), gone, w.clk.now(), time.Hour); err != nil || !ok {
		t.Fatal(ok, err)
	}
	r := w.runner(st)
	r.Holder, r.Wait = session.LocalHolder(), true
	r.Sleep = func(context.Context, time.Duration) error { t.Fatal("waited for a holder that is gone"); return nil }
	out := r.Run(ctx, w.request("wr-gone00000000001"))
	if out.Err != nil || out.Status != engine.StatusCompleted {
		t.Fatalf("got %s %v", out.Status, out.Err)
	}
}
