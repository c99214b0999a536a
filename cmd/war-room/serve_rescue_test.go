package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/internal/pgtest"

	"github.com/war-room/war-room/internal/githubfake"
)

// rescueLease is the serve lease in the kill tests: a killed process's jobs move after about
// one and a half of it. It only makes the test quicker; nothing waits for it to be exact.
const rescueLease = "3s"

// newAppCommandWorld is a repository with the App installed and one /war-room command on an
// issue, on the real clock (serve runs in its own process), with writes spaced a millisecond
// apart so that a run is quick.
func newAppCommandWorld(t *testing.T) *commandWorld {
	w := newActionWorld(t, writesConfig(t, "1ms"))
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	id := w.comment("alice", n, body)
	return &commandWorld{actionWorld: w, login: appLogin, issue: n, id: id, event: string(appEvent(t, w, n, id, body))}
}

// appWrites are the App's writes in the order GitHub received them.
func appWrites(f *githubfake.Fake) []writePosition {
	var calls []githubfake.Call
	for _, c := range f.Calls() {
		if c.Mutation && c.Login == appLogin && c.Status < 300 {
			calls = append(calls, c)
		}
	}
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].Time.Before(calls[j].Time) })
	seen := map[string]int{}
	var out []writePosition
	for _, c := range calls {
		m := c.Route
		if c.GraphQL {
			m = c.Fields[0]
		}
		seen[m]++
		out = append(out, writePosition{m, seen[m]})
	}
	return out
}

// finished reports whether the command's last writes are there: the rocket and the reply.
func (w *commandWorld) finished() bool {
	replied := false
	for _, c := range commentsBy(w.actionWorld, w.issue, w.login) {
		replied = replied || strings.HasPrefix(c.Body, fmt.Sprintf("<!-- war-room:reply comment=%d -->", w.id))
	}
	for _, c := range w.f.IssueComments(aRepo, w.issue) {
		if c.ID == w.id {
			for _, r := range w.f.Reactions(c.NodeID) {
				if r.Content == "rocket" && replied {
					return true
				}
			}
		}
	}
	return false
}

// TestServeKilledMidPublishIsRescued: `war-room serve` killed with SIGKILL at every write of a
// command's run — the reaction, the progress comment, the discussion and each of its comments,
// labels, answer, decision log, the final edit, the rocket and the reply — each write having
// reached GitHub, and started again on the same files: the new process takes over the dead
// one's job once its heartbeat lapses (not after River's hour), and the command ends exactly
// as a clean run does: one discussion with every comment once and in order, labels, answer,
// log row, one progress comment completed, eyes and rocket, one reply, and every provider
// call made once. The same with all state, the queue included, in PostgreSQL.
func TestServeKilledMidPublishIsRescued(t *testing.T) {
	clean := newAppCommandWorld(t)
	files := newAppFiles(t)
	s := startServe(t, clean.actionWorld, files, "--allow-local-providers", "--lease-ttl", rescueLease)
	if got := s.deliver("issue_comment", "d-clean", []byte(clean.event), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d\n%s", got, s.log())
	}
	eventually(t, s, "the clean run ends", clean.finished)
	eventually(t, s, "the clean job completes", func() bool { return queuedJobs(t, files)["d-clean"] == "completed" })
	want := clean.endOf(t)
	positions := appWrites(clean.f)
	calls := len(ledgerRows(t, files.db))
	if len(positions) < 12 || calls == 0 {
		t.Fatalf("a clean run made %d writes (%v) and %d provider calls", len(positions), positions, calls)
	}

	for _, queue := range []string{"sqlite", "postgres"} {
		for i, at := range positions {
			t.Run(fmt.Sprintf("%s/%02d-%s#%d", queue, i+1, shortMatch(at.match), at.nth), func(t *testing.T) {
				t.Parallel()
				killAndRescue(t, queue, at, want, calls)
			})
		}
	}
}

// killAndRescue runs the command on a serve process killed when the write at reaches GitHub,
// then on a new process on the same state (a SQLite file, or a PostgreSQL schema), and
// compares the end with a clean run's.
func killAndRescue(t *testing.T, queue string, at writePosition, want commandEnd, calls int) {
	w := newAppCommandWorld(t)
	files := newAppFiles(t)
	if queue == "postgres" {
		files.databaseURL = pgtest.Schema(t)
	}
	var victim atomic.Pointer[appServer]
	w.f.Inject(githubfake.Fault{Kind: githubfake.Hang, Applied: true, Match: at.match, Nth: at.nth,
		OnHold: func() { victim.Load().cmd.Process.Kill() }})
	first := startServe(t, w.actionWorld, files, "--allow-local-providers", "--lease-ttl", rescueLease)
	victim.Store(first)
	if got := first.deliver("issue_comment", "d-1", []byte(w.event), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d\n%s", got, first.log())
	}
	<-first.done // SIGKILL, once the write has reached GitHub
	first.cmd.Wait()
	if st := first.cmd.ProcessState; st == nil || st.Exited() {
		t.Fatalf("war-room serve ended by itself (%v), not killed at %s#%d\n%s", st, at.match, at.nth, first.log())
	}

	second := startServe(t, w.actionWorld, files, "--allow-local-providers", "--lease-ttl", rescueLease)
	eventually(t, second, "the rescued command ends", w.finished)
	eventually(t, second, "the rescue job completes", func() bool { return rescueState(t, files) == "completed" })
	sameEnd(t, w.endOf(t), want)
	if got := len(ledgerRows(t, files.state())); got != calls {
		t.Errorf("%d provider calls, want the clean run's %d: the rescue repeated a stored step", got, calls)
	}
	if t.Failed() {
		t.Logf("killed process:\n%s\nrescuing process:\n%s", first.log(), second.log())
	}
}

// rescueState is the state of the last rescue job ("" : none), read straight from River's
// table in the PostgreSQL schema or the queue file beside the state file.
func rescueState(t *testing.T, a appFiles) string {
	t.Helper()
	const q = `SELECT state FROM river_job WHERE kind = 'github_delivery_rescue' ORDER BY id DESC LIMIT 1`
	if a.databaseURL != "" {
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, a.databaseURL)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var state string
		if err := conn.QueryRow(ctx, q).Scan(&state); err != nil && !errors.Is(err, pgx.ErrNoRows) {
			t.Fatal(err)
		}
		return state
	}
	path := strings.TrimSuffix(a.db, ".db") + "-queue.db"
	db, err := openQueueFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var state string
	err = db.QueryRow(q).Scan(&state)
	if err == sql.ErrNoRows {
		return ""
	}
	if err != nil {
		t.Fatal(err)
	}
	return state
}
