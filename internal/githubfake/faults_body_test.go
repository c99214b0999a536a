package githubfake_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/testwait"
)

// A 200 that carries an error instead of the comment: applied or not, as scripted.
func TestErrorBody(t *testing.T) {
	w := newWorld(t)
	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	route := "POST /repos/{owner}/{repo}/issues/{n}/comments"
	w.Inject(githubfake.Fault{Match: route, Kind: githubfake.ErrorBody, Applied: true})
	w.Inject(githubfake.Fault{Match: route, Nth: 2, Kind: githubfake.ErrorBody, Message: "nope"})
	w.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.ErrorBody})

	for i, want := range []struct {
		stored  int
		message string
	}{{1, "Something went wrong"}, {1, "nope"}} {
		r, body := doREST(t, w.Fake, botToken, "POST", "/repos/acme/widgets/issues/1/comments", map[string]any{"body": "x"})
		var out map[string]any
		if err := json.Unmarshal(body, &out); err != nil || r.StatusCode != 200 || out["message"] != want.message || out["id"] != nil {
			t.Errorf("call %d: %d %s", i+1, r.StatusCode, body)
		}
		if got := len(w.IssueComments(repoName, n)); got != want.stored {
			t.Errorf("call %d: %d comments stored, want %d", i+1, got, want.stored)
		}
	}
	res := w.create(t)
	if res.Status != 200 || len(res.Errors) != 1 || len(w.Discussions(repoName)) != 0 {
		t.Errorf("GraphQL error body: %d %v, %d discussions", res.Status, res.Errors, len(w.Discussions(repoName)))
	}
}

// A hung request is held until the client gives up, and OnHold runs while it is held: the
// client here gives up when OnHold tells it to, so the test waits on no clock at all.
func TestHang(t *testing.T) {
	w := newWorld(t)
	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	ctx, cancel := context.WithCancel(context.Background())
	held := make(chan struct{})
	w.Inject(githubfake.Fault{Match: "POST /repos/{owner}/{repo}/issues/{n}/comments", Kind: githubfake.Hang, Applied: true,
		OnHold: func() { close(held); cancel() }})
	_, _, err := ghClient(t, w, botToken).Issues.CreateComment(ctx, "acme", "widgets", n, &github.IssueComment{Body: github.String("x")})
	<-held
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Fatalf("a hung request ended with %v", err)
	}
	if got := len(w.IssueComments(repoName, n)); got != 1 {
		t.Errorf("applied hang stored %d comments, want 1", got)
	}
	if c := heldCall(t, w.Fake); c.Status != 0 || c.Route != "POST /repos/{owner}/{repo}/issues/{issue_number}/comments" {
		t.Errorf("held call logged as %+v", c)
	}
}

// heldCall returns the logged call a Hang held. It is logged once the server notices that
// the client hung up, which may come after the client returned.
func heldCall(t *testing.T, f *githubfake.Fake) githubfake.Call {
	t.Helper()
	var held githubfake.Call
	testwait.Until(t, "the held call logged", func() bool {
		for _, c := range f.Calls() {
			if strings.Contains(c.Fault, "Hang") {
				held = c
				return true
			}
		}
		return false
	})
	return held
}
