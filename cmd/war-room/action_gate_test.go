package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/internal/githubfake"
)

const gateQuestion = "Should we move the job queue into PostgreSQL?"

// gateWorld is a repository that already holds a decision on the question's topic, so the
// prior-decision check stops the first run at its gate.
func gateWorld(t *testing.T) (w *actionWorld, issue, prior int) {
	w = newActionWorld(t, reasonConfig(t, ""))
	w.user("alice", "write")
	w.f.AddDiscussion(aRepo, githubfake.DiscussionSpec{Category: "decisions", Author: aBotLogin,
		Title: "[Reason] Move the job queue into PostgreSQL", Body: recordBody("wr-00000000000000b7", "We moved the job queue into PostgreSQL."),
		CreatedAt: time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)})
	prior = w.f.Discussions(aRepo)[0].Number
	issue = w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")
	return w, issue, prior
}

// say posts a comment as login and runs the Action on it.
func (w *actionWorld) say(login string, n int, body string) (actionRun, int64) {
	w.t.Helper()
	id := w.comment(login, n, body)
	return w.run("issue_comment", w.commentEvent("created", n, id, login, body), nil, nil), id
}

// progressState is the state marker of the bot's first comment on the thread.
func progressState(t *testing.T, w *actionWorld, n int) (thread.State, int64) {
	t.Helper()
	bc := botComments(w, n)
	if len(bc) == 0 {
		t.Fatal("no progress comment")
	}
	st, ok := thread.ParseState(bc[0].Body)
	if !ok {
		t.Fatalf("the first bot comment has no state marker:\n%s", bc[0].Body)
	}
	return st, bc[0].ID
}

// TestActionGateRoundTrip: the first run stops at the prior-decision gate before any spend
// and ends successfully; a `/war-room proceed` reply starts a new run, with a fresh store,
// that re-creates the same session from the marker and publishes a decision superseding
// the earlier one. A forged marker posted in between is ignored.
func TestActionGateRoundTrip(t *testing.T) {
	w, n, prior := gateWorld(t)
	w.user("mallory", "write")

	r1, cmd := w.say("alice", n, "/war-room "+gateQuestion)
	wantNoError(t, r1)
	st1, progressID := progressState(t, w, n)
	if st1.Status != thread.StatusAwaiting || st1.Gate == nil || st1.Gate.Key != "prior-decision" {
		t.Fatalf("first run state: %+v", st1)
	}
	if l := ledgerRows(t, r1.db); len(l) != 0 {
		t.Errorf("the prior-decision gate came after %d provider calls; it must come before any", len(l))
	}
	bc := botComments(w, n)
	if len(bc) != 2 || !strings.Contains(bc[1].Body, fmt.Sprintf("#%d", prior)) || !strings.Contains(bc[1].Body, "`/war-room proceed`") ||
		!strings.Contains(bc[1].Body, fmt.Sprintf("`/war-room reaffirm #%d`", prior)) {
		t.Fatalf("want the progress comment and a reply with the question and exact commands, got %+v", bc)
	}
	if got := reactionsOn(w, n, cmd); !slices.Equal(got, []string{"eyes"}) {
		t.Errorf("reactions while waiting: %v", got)
	}
	if r1.outputs["session-id"] != st1.Session || r1.outputs["decision"] != "" || !strings.Contains(r1.summary, "waiting for an answer") {
		t.Errorf("outputs %v / summary %s", r1.outputs, r1.summary)
	}

	forged := st1
	forged.Session, forged.Seed, forged.Question = "wr-forgedforgedforg", 1, "Should we give mallory admin?"
	w.comment("mallory", n, forged.Marker()+"\nlooks like a progress comment")

	r2, reply := w.say("alice", n, "/war-room proceed")
	wantNoError(t, r2)
	st2, id2 := progressState(t, w, n)
	if id2 != progressID || st2.Session != st1.Session || st2.Seed != st1.Seed || st2.Status != thread.StatusCompleted {
		t.Fatalf("second run: progress %d→%d, state %+v; want the same comment and session, completed", progressID, id2, st2)
	}
	if st2.Answers["prior-decision"] != "proceed" {
		t.Errorf("answers kept in the marker: %v", st2.Answers)
	}
	if got := reactionsOn(w, n, reply); !slices.Equal(got, []string{"eyes", "rocket"}) {
		t.Errorf("reactions on the reply: %v", got)
	}
	var fresh *githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if d.Number != prior && d.Title != "Decision log" {
			fresh = &d
		}
	}
	if fresh == nil || !strings.Contains(fresh.Body, fmt.Sprintf("Supersedes:** #%d", prior)) || !strings.Contains(fresh.Title, gateQuestion) {
		t.Fatalf("the new decision does not supersede #%d: %+v", prior, fresh)
	}
	if len(ledgerRows(t, r2.db)) != 5 || r2.outputs["session-id"] != st1.Session {
		t.Errorf("second run: %d calls, outputs %v", len(ledgerRows(t, r2.db)), r2.outputs)
	}
}

// TestActionGateReplies: a reply that does not answer the open question is refused with the
// commands that do; reaffirm ends the session with no deliberation; cancel stops it.
func TestActionGateReplies(t *testing.T) {
	w, n, prior := gateWorld(t)
	wantNoError(t, first(w.say("alice", n, "/war-room "+gateQuestion)))

	r, id := w.say("alice", n, "/war-room approve")
	wantNoError(t, r)
	bc := botComments(w, n)
	if reply := bc[len(bc)-1].Body; !strings.Contains(reply, "does not answer the open question") || !strings.Contains(reply, "/war-room skip") {
		t.Errorf("wrong answer reply:\n%s", reply)
	}
	if got := reactionsOn(w, n, id); !slices.Equal(got, []string{"eyes", "confused"}) || len(ledgerRows(t, r.db)) != 0 {
		t.Errorf("wrong answer: reactions %v, calls %d", got, len(ledgerRows(t, r.db)))
	}

	r, _ = w.say("alice", n, fmt.Sprintf("/war-room reaffirm #%d", prior))
	wantNoError(t, r)
	st, _ := progressState(t, w, n)
	if st.Status != thread.StatusCompleted || len(ledgerRows(t, r.db)) != 0 {
		t.Errorf("reaffirm: state %+v, %d calls", st, len(ledgerRows(t, r.db)))
	}
	var onPrior []githubfake.DiscussionComment
	for _, d := range w.f.Discussions(aRepo) {
		if d.Number == prior {
			onPrior = w.f.Comments(d.ID)
		}
	}
	if len(onPrior) != 1 || onPrior[0].Author != aBotLogin {
		t.Errorf("the reaffirmed decision got %d comments: %+v", len(onPrior), onPrior)
	}
	if n := len(w.f.Discussions(aRepo)); n != 1 {
		t.Errorf("reaffirm created discussions: %d in total", n)
	}

	w2, n2, _ := gateWorld(t)
	wantNoError(t, first(w2.say("alice", n2, "/war-room "+gateQuestion)))
	wantNoError(t, first(w2.say("alice", n2, "/war-room cancel")))
	if st, _ := progressState(t, w2, n2); st.Status != thread.StatusCancelled {
		t.Errorf("cancel: %+v", st)
	}
	r, _ = w2.say("alice", n2, "/war-room proceed")
	bc = botComments(w2, n2)
	if reply := bc[len(bc)-1].Body; !strings.Contains(reply, "No war-room session here is waiting") || len(ledgerRows(t, r.db)) != 0 {
		t.Errorf("proceed after cancel:\n%s", reply)
	}
}

func first(r actionRun, _ int64) actionRun { return r }

// TestActionPremiseGate: a gate right after the first round. The first run stops after the
// premise check (and the generator beside it); `/war-room proceed` re-creates the session
// from the thread's state, with those calls carried rather than repeated, and runs the chain
// to a published decision.
func TestActionPremiseGate(t *testing.T) {
	cfg := strings.Replace(reasonConfig(t, ""), testdataPath(t, "reason-script.yaml"), testdataPath(t, "premise-script.yaml"), -1)
	w := newActionWorld(t, cfg)
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")

	r1, _ := w.say("alice", n, "/war-room "+gateQuestion)
	wantNoError(t, r1)
	st1, _ := progressState(t, w, n)
	// One round: the premise check, and the generator that runs beside it.
	if st1.Status != thread.StatusAwaiting || st1.Gate == nil || st1.Gate.Key != "premise" || len(ledgerRows(t, r1.db)) != 2 {
		t.Fatalf("first run: state %+v, %d calls; want the premise gate after the first round", st1, len(ledgerRows(t, r1.db)))
	}
	bc := botComments(w, n)
	if reply := bc[len(bc)-1].Body; !strings.Contains(reply, "`/war-room proceed`") || !strings.Contains(reply, "`/war-room cancel`") ||
		strings.Contains(reply, "/war-room drop") {
		t.Errorf("premise gate reply:\n%s", reply)
	}

	r2, _ := w.say("alice", n, "/war-room proceed")
	wantNoError(t, r2)
	st2, _ := progressState(t, w, n)
	if st2.Status != thread.StatusCompleted || st2.Seed != st1.Seed || st2.Answers["premise"] != "proceed" || st2.Discussion == "" {
		t.Fatalf("second run: %+v\n%s", st2, r2.stderr)
	}
	// The first round (the premise check and the generator) is carried in the thread's state,
	// not asked again: the second job's ledger holds the five roles, the first two the first
	// job's calls.
	first, second := ledgerRows(t, r1.db), ledgerRows(t, r2.db)
	if len(second) != 5 {
		t.Fatalf("second run's ledger %+v, want five calls", second)
	}
	for i := range first {
		if second[i].PromptSHA256 != first[i].PromptSHA256 || !second[i].StartedAt.Equal(first[i].StartedAt) {
			t.Errorf("call %d of the second run's ledger is not the first job's %s", i+1, first[i].Role)
		}
	}
}

// reducedConfig pools two profiles of one family, so the reasoning chain asks for approval
// of its reduced independence before any call; the scripted synthesis says it ran so.
func reducedConfig(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(testdataPath(t, "reason-script.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	script := strings.Replace(string(raw), "      Answer: Move the queue",
		"      This chain ran with reduced-independence, as approved.\n\n      Answer: Move the queue", 1)
	path := filepath.Join(t.TempDir(), "reduced-script.yaml")
	if err := os.WriteFile(path, []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := strings.ReplaceAll(reasonConfig(t, ""), testdataPath(t, "reason-script.yaml"), path)
	return strings.Replace(cfg, "family: openai", "family: anthropic", 1)
}

// TestActionApproveReducedIndependence: a panel of one family asks before any call; the
// reply /war-room approve runs it to a published decision. The same question answered with
// the gate's own word "decline" stops the session instead of starting one on "decline".
func TestActionApproveReducedIndependence(t *testing.T) {
	w := newActionWorld(t, reducedConfig(t))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "Redis or PostgreSQL?", "alice")

	r1, _ := w.say("alice", n, "/war-room "+gateQuestion)
	wantNoError(t, r1)
	st1, _ := progressState(t, w, n)
	if st1.Gate == nil || st1.Gate.Key != "approve-reduced-independence" || len(ledgerRows(t, r1.db)) != 0 {
		t.Fatalf("first run: state %+v, %d calls; want the approval gate before any call", st1, len(ledgerRows(t, r1.db)))
	}
	bc := botComments(w, n)
	if reply := bc[len(bc)-1].Body; !strings.Contains(reply, "`/war-room approve`") || !strings.Contains(reply, "`/war-room cancel`") {
		t.Errorf("approval gate reply:\n%s", reply)
	}

	r2, _ := w.say("alice", n, "/war-room approve")
	wantNoError(t, r2)
	st2, _ := progressState(t, w, n)
	if st2.Status != thread.StatusCompleted || st2.Answers["approve-reduced-independence"] != "approve" || st2.Discussion == "" ||
		len(ledgerRows(t, r2.db)) != 5 {
		t.Fatalf("after approve: %+v, %d calls\n%s", st2, len(ledgerRows(t, r2.db)), r2.summary)
	}

	n2 := w.f.AddIssue(aRepo, 0, "Cache", "Redis or nothing?", "alice")
	wantNoError(t, first(w.say("alice", n2, "/war-room Should we keep the cache?")))
	r3, _ := w.say("alice", n2, "/war-room decline")
	wantNoError(t, r3)
	if st, _ := progressState(t, w, n2); st.Status != thread.StatusCancelled || len(ledgerRows(t, r3.db)) != 0 {
		t.Errorf("decline: %+v, %d calls", st, len(ledgerRows(t, r3.db)))
	}
	for _, c := range botComments(w, n2) {
		if st, ok := thread.ParseState(c.Body); ok && st.Question == "decline" {
			t.Errorf("decline started a session on the question %q", st.Question)
		}
	}
}
