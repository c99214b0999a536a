package main

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/internal/githubfake"
)

// The App's store outlives a job, unlike the Action's: the reply to a question is a new
// delivery whose job finds the session already stored, continues it from its stored steps
// and publishes the decision — with no provider call spent twice.
func TestServeGateRoundTrip(t *testing.T) {
	w := newAppWorld(t)
	w.f.AddDiscussion(aRepo, githubfake.DiscussionSpec{Category: "decisions", Author: appLogin,
		Title: "[Reason] Move the job queue into PostgreSQL", Body: recordBody("wr-00000000000000b7", "We moved the job queue into PostgreSQL."),
		CreatedAt: time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)})
	prior := w.f.Discussions(aRepo)[0].Number
	files := newAppFiles(t)
	s := startServe(t, w, files, "--allow-local-providers")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")

	ask := "/war-room " + gateQuestion
	id := w.comment("alice", n, ask)
	if got := s.deliver("issue_comment", "d-ask", appEvent(t, w, n, id, ask), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	eventually(t, s, "the question", func() bool { return queuedJobs(t, files)["d-ask"] == "completed" })
	first := appComments(w, n)
	st1, ok := thread.ParseState(first[0].Body)
	if !ok || st1.Status != thread.StatusAwaiting || st1.Gate == nil || st1.Gate.Key != "prior-decision" || len(first) != 2 {
		t.Fatalf("after the command: state %+v, comments %+v\n%s", st1, first, s.log())
	}

	reply := "/war-room proceed"
	rid := w.comment("alice", n, reply)
	if got := s.deliver("issue_comment", "d-proceed", appEvent(t, w, n, rid, reply), appSecret); got != http.StatusAccepted {
		t.Fatalf("reply delivery: %d", got)
	}
	eventually(t, s, "the answer's job", func() bool {
		return queuedJobs(t, files)["d-proceed"] != "available" && queuedJobs(t, files)["d-proceed"] != "running"
	})
	st2, _ := thread.ParseState(appComments(w, n)[0].Body)
	if st2.Session != st1.Session || st2.Status != thread.StatusCompleted {
		t.Fatalf("after the answer: state %+v; jobs %v\ncomments %+v\n%s", st2, queuedJobs(t, files), appComments(w, n), s.log())
	}
	if got := reactionsOn(w, n, rid); !slices.Equal(got, []string{"eyes", "rocket"}) {
		t.Errorf("reactions on the reply: %v", got)
	}
	var fresh *githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if d.Number != prior && d.Title != "Decision log" {
			fresh = &d
		}
	}
	if fresh == nil || !strings.Contains(fresh.Body, fmt.Sprintf("Supersedes:** #%d", prior)) {
		t.Fatalf("no decision superseding #%d: %+v", prior, fresh)
	}
	if calls := ledgerRows(t, files.db); len(calls) != 5 {
		t.Errorf("%d provider calls in the state file, want the five roles once each", len(calls))
	}
}
