package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/pgtest"
	"github.com/war-room/war-room/internal/store"
)

// With $WAR_ROOM_DATABASE_URL, war-room serve keeps everything in PostgreSQL: the command's
// session and ledger are in the database, not in a file; a second replica on the same
// database knows the delivery as a duplicate; and `war-room decisions list --database-url`,
// another process again, lists the session the first replica ran.
func TestServeKeepsStateInPostgres(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	files.databaseURL = pgtest.Schema(t)
	s := startServe(t, w, files, "--allow-local-providers")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	id := w.comment("alice", n, body)
	event := appEvent(t, w, n, id, body)
	if got := s.deliver("issue_comment", "d-pg", event, appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d, want 202\n%s", got, s.log())
	}
	eventually(t, s, "the job completes", func() bool { return pgJobState(t, files.databaseURL, "d-pg") == "completed" })

	sess := pgSessions(t, files.databaseURL)
	if len(sess) != 1 || sess[0].Status != engine.StatusCompleted {
		t.Fatalf("sessions in PostgreSQL: %+v\n%s", sess, s.log())
	}
	if calls := ledgerRows(t, files.databaseURL); len(calls) != 5 {
		t.Errorf("%d provider calls in PostgreSQL, want the five roles once each", len(calls))
	}
	for _, f := range []string{files.db, strings.TrimSuffix(files.db, ".db") + "-queue.db"} {
		if _, err := os.Stat(f); !os.IsNotExist(err) {
			t.Errorf("%s exists (%v): state went to SQLite", f, err)
		}
	}

	replica := startServe(t, w, files, "--allow-local-providers")
	if got := replica.deliver("issue_comment", "d-pg", event, appSecret); got != http.StatusOK {
		t.Errorf("redelivery to a second replica: %d, want 200 (duplicate)", got)
	}
	out, err := exec.Command(actionBinary, "decisions", "list", "--database-url", files.databaseURL).CombinedOutput()
	if err != nil || !strings.Contains(string(out), sess[0].ID) {
		t.Errorf("decisions list --database-url: %v\n%s", err, out)
	}
}

func pgSessions(t *testing.T, url string) []engine.Session {
	t.Helper()
	st, err := store.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ss, err := st.ListSessions(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	return ss
}

// pgJobState reads a delivery's job state straight from River's table.
func pgJobState(t *testing.T, url, delivery string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var state string
	err = conn.QueryRow(ctx, `SELECT state FROM river_job WHERE kind = 'github_delivery'
		AND args->>'delivery_id' = $1`, delivery).Scan(&state)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		t.Fatal(err)
	}
	return state
}

// TestServeReplyOnAnotherReplica: two replicas on one PostgreSQL database. The command reaches
// the first, whose session stops at the premise gate after one provider call; the reply
// reaches the second, which finds the session in the shared store and continues it from its
// stored steps: neither the premise check nor the generator beside it is called again, and the
// session ends with the chain's five calls, published once.
func TestServeReplyOnAnotherReplica(t *testing.T) {
	cfg := strings.Replace(reasonConfig(t, ""), testdataPath(t, "reason-script.yaml"), testdataPath(t, "premise-script.yaml"), -1)
	w := newActionWorld(t, cfg)
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	files := newAppFiles(t)
	files.databaseURL = pgtest.Schema(t)
	asker := startServe(t, w, files, "--allow-local-providers")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")

	ask := "/war-room " + gateQuestion
	id := w.comment("alice", n, ask)
	if got := asker.deliver("issue_comment", "d-ask", appEvent(t, w, n, id, ask), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, asker, "the premise question", func() bool { return pgJobState(t, files.databaseURL, "d-ask") == "completed" })
	st1, ok := thread.ParseState(appComments(w, n)[0].Body)
	if !ok || st1.Status != thread.StatusAwaiting || st1.Gate == nil || st1.Gate.Key != "premise" {
		t.Fatalf("after the command: %+v\n%s", st1, asker.log())
	}
	if got := len(ledgerRows(t, files.databaseURL)); got != 2 {
		t.Fatalf("%d provider calls before the gate, want the first round: the premise check and the generator beside it", got)
	}

	other := startServe(t, w, files, "--allow-local-providers")
	asker.stop() // only the other replica can take the reply
	reply := "/war-room proceed"
	rid := w.comment("alice", n, reply)
	if got := other.deliver("issue_comment", "d-proceed", appEvent(t, w, n, rid, reply), appSecret); got != http.StatusAccepted {
		t.Fatalf("reply delivery: %d", got)
	}
	eventually(t, other, "the answer's job", func() bool { return pgJobState(t, files.databaseURL, "d-proceed") == "completed" })
	st2, _ := thread.ParseState(appComments(w, n)[0].Body)
	if st2.Session != st1.Session || st2.Status != thread.StatusCompleted || st2.Discussion == "" {
		t.Fatalf("after the answer: %+v\n%s", st2, other.log())
	}
	calls := ledgerRows(t, files.databaseURL)
	premise, position := 0, 0
	for _, c := range calls {
		switch {
		case strings.Contains(c.Step, "premise"):
			premise++
		case c.Step == "position":
			position++
		}
	}
	if len(calls) != 5 || premise != 1 || position != 1 {
		t.Errorf("%d provider calls, %d of them the premise check and %d the generator; want five, each once", len(calls), premise, position)
	}
	if !strings.Contains(other.log(), `"msg":"session: running"`) {
		t.Errorf("the second replica did not run the session:\n%s", other.log())
	}
}
