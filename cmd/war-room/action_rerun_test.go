package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/bot/thread"
)

// A workflow re-run (or the App retrying a job) hands war-room the same command again. A
// session that failed continues under its own id, seed and progress comment; one that
// completed is left alone: no second progress comment, no second discussion, no model call.
func TestActionRerunOfTheSameCommand(t *testing.T) {
	broken := filepath.Join(t.TempDir(), "down.yaml")
	if err := os.WriteFile(broken, []byte("default: {error: transport}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	good := reasonConfig(t, "")
	w := newActionWorld(t, strings.ReplaceAll(good, testdataPath(t, "reason-script.yaml"), broken))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	id := w.comment("alice", n, body)
	event := w.commentEvent("created", n, id, "alice", body)

	first := w.run("issue_comment", event, nil, nil)
	progress := botComments(w, n)[0]
	failed, ok := thread.ParseState(progress.Body)
	if !ok || failed.Status != thread.StatusFailed {
		t.Fatalf("first run: state %+v (ok %v)\nstderr:\n%s", failed, ok, first.stderr)
	}

	// The provider is back; the same event runs again.
	w.f.PutFile(aRepo, aBranch, ".github/war-room.yml", good)
	second := w.run("issue_comment", event, nil, nil)
	wantNoError(t, second)
	var progressComments int
	for _, c := range botComments(w, n) {
		if _, ok := thread.ParseState(c.Body); ok {
			progressComments++
		}
	}
	if progressComments != 1 {
		t.Fatalf("%d progress comments, want the first one continued", progressComments)
	}
	done, _ := thread.ParseState(w.f.IssueComments(aRepo, n)[1].Body)
	if done.Session != failed.Session || done.Seed != failed.Seed || done.Status != thread.StatusCompleted {
		t.Errorf("re-run state %+v, want session %s seed %d completed", done, failed.Session, failed.Seed)
	}
	if second.outputs["session-id"] != failed.Session {
		t.Errorf("outputs name session %q, want %q", second.outputs["session-id"], failed.Session)
	}

	// Once more, after it completed: nothing is spent or posted.
	before := len(w.f.IssueComments(aRepo, n))
	third := w.run("issue_comment", event, nil, nil)
	wantNoError(t, third)
	if calls := ledgerRows(t, third.db); len(calls) != 0 {
		t.Errorf("a completed command re-run made %d provider calls", len(calls))
	}
	if after := len(w.f.IssueComments(aRepo, n)); after != before {
		t.Errorf("a completed command re-run posted %d comment(s)", after-before)
	}
	decisions := 0
	for _, d := range w.f.Discussions(aRepo) {
		if d.Title != "Decision log" {
			decisions++
		}
	}
	if decisions != 1 {
		t.Errorf("%d decision discussions, want 1", decisions)
	}
}
