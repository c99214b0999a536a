package main

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/store"
	"github.com/war-room/war-room/internal/store/postgres"
)

// reactionsOn returns the reaction contents on a comment, in order.
func reactionsOn(w *actionWorld, n int, id int64) []string {
	for _, c := range w.f.IssueComments(aRepo, n) {
		if c.ID == id {
			var out []string
			for _, r := range w.f.Reactions(c.NodeID) {
				out = append(out, r.Content)
			}
			return out
		}
	}
	w.t.Fatalf("no comment %d on #%d", id, n)
	return nil
}

// botComments returns the Action bot's comments on issue n.
func botComments(w *actionWorld, n int) []githubfake.IssueComment {
	return commentsBy(w, n, aBotLogin)
}

// commentsBy returns login's comments on issue n.
func commentsBy(w *actionWorld, n int, login string) []githubfake.IssueComment {
	var out []githubfake.IssueComment
	for _, c := range w.f.IssueComments(aRepo, n) {
		if c.Author == login {
			out = append(out, c)
		}
	}
	return out
}

// ledger returns the provider calls a run recorded in the state file or database db (none
// when it never opened a state file).
func ledgerRows(t *testing.T, db string) []ledger.Entry {
	t.Helper()
	if _, err := os.Stat(db); os.IsNotExist(err) && !postgres.IsURL(db) {
		return nil
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ss, err := st.ListSessions(context.Background(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []ledger.Entry
	for _, s := range ss {
		l, err := st.Ledger(context.Background(), s.ID)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, l...)
	}
	return out
}

// shownText is a comment as a person reads it: without the hidden marker on its first line.
func shownText(body string) string {
	if _, ok := wr.FirstLineMarker(body); ok {
		_, rest, _ := strings.Cut(body, "\n")
		return rest
	}
	return body
}

func wantNoError(t *testing.T, r actionRun) {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// TestActionCommentPublishesDecision is the whole happy path as a user meets it: a
// /war-room comment on an issue ends in a published Discussion, one progress comment, a
// reply linking it, reactions, step outputs and a job summary.
func TestActionCommentPublishesDecision(t *testing.T) {
	w := newActionWorld(t, reasonConfig(t, ""))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?\nWe want one fewer service."
	id := w.comment("alice", n, body)

	r := w.run("issue_comment", w.commentEvent("created", n, id, "alice", body), nil, nil)
	wantNoError(t, r)

	if got := reactionsOn(w, n, id); !slices.Equal(got, []string{"eyes", "rocket"}) {
		t.Errorf("reactions on the command: %v, want [eyes rocket]", got)
	}
	ds := w.f.Discussions(aRepo)
	var published *githubfake.Discussion
	for i := range ds {
		if ds[i].Title != "Decision log" {
			if published != nil {
				t.Fatalf("more than one published discussion: %+v", ds)
			}
			published = &ds[i]
		}
	}
	if published == nil {
		t.Fatalf("no published discussion; discussions: %+v\nstderr:\n%s", ds, r.stderr)
	}
	if !strings.Contains(published.Title, "Should we move the job queue into PostgreSQL?") || published.Author != aBotLogin ||
		!slices.Contains(published.Labels, "war-room") || published.Category != "decisions" {
		t.Errorf("published discussion: %+v", published)
	}
	comments := w.f.Comments(published.ID)
	if len(comments) == 0 || published.AnswerID == "" {
		t.Errorf("the published has %d phase comments and answer %q; want its phases, one marked as the answer", len(comments), published.AnswerID)
	}
	for _, c := range comments {
		if c.Author != aBotLogin {
			t.Errorf("phase comment by %s", c.Author)
		}
	}
	if logs := len(ds) - 1; logs != 1 {
		t.Errorf("%d published logs, want 1", logs)
	}

	bc := botComments(w, n)
	if len(bc) != 2 {
		t.Fatalf("bot wrote %d comments on the issue, want the progress comment and one reply:\n%+v", len(bc), bc)
	}
	st, ok := thread.ParseState(bc[0].Body)
	if !ok || st.Status != thread.StatusCompleted || st.Protocol != "reason" || !strings.HasSuffix(st.Discussion, "/discussions/"+strconv.Itoa(published.Number)) {
		t.Errorf("progress comment state: %+v (ok %v)\n%s", st, ok, bc[0].Body)
	}
	if !strings.Contains(bc[1].Body, "@alice") || !strings.Contains(bc[1].Body, st.Discussion) {
		t.Errorf("reply does not name the requester and link the discussion:\n%s", bc[1].Body)
	}

	if r.outputs["session-id"] != st.Session || r.outputs["discussion-url"] != st.Discussion {
		t.Errorf("outputs %v, want session %s and discussion %s", r.outputs, st.Session, st.Discussion)
	}
	var d decision.Decision
	if err := json.Unmarshal([]byte(r.outputs["decision"]), &d); err != nil || d.SessionID != st.Session || d.Outcome == "" {
		t.Errorf("decision output is not the Decision JSON: %v %q", err, r.outputs["decision"])
	}
	for _, want := range []string{"## war-room · reason — done", "Move the queue into PostgreSQL", st.Discussion, st.Session} {
		if !strings.Contains(r.summary, want) {
			t.Errorf("job summary lacks %q:\n%s", want, r.summary)
		}
	}
	if calls := ledgerRows(t, r.db); len(calls) != 5 {
		t.Errorf("%d provider calls, want the five roles once each", len(calls))
	}
}
