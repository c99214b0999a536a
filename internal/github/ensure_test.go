package github

import (
	"context"
	"strings"
	"testing"

	gogithub "github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/internal/githubfake"
)

const testMarker = "reply comment=7"

// commentFind finds the bot's comment carrying testMarker on the world's issue.
func commentFind(w *world, c *gogithub.Client, body string) Find[*gogithub.IssueComment] {
	return Find[*gogithub.IssueComment]{
		What: "reply",
		List: func(ctx context.Context) ([]*gogithub.IssueComment, error) {
			cs, _, err := c.Issues.ListComments(ctx, "acme", "widgets", w.issue, &gogithub.IssueListCommentsOptions{ListOptions: gogithub.ListOptions{PerPage: 100}})
			return cs, err
		},
		Match: func(ic *gogithub.IssueComment) bool {
			m, ok := FirstLineMarker(ic.GetBody())
			return ok && m == testMarker && UserAuthor(ic.GetUser()).Is(botLogin)
		},
		Create: func(ctx context.Context) (*gogithub.IssueComment, error) { return w.comment(ctx, c, body) },
	}
}

// Whatever GitHub answers to the create, the comment is written exactly once, and a
// marker in someone else's comment is not taken for ours.
func TestEnsureWritesOnce(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fault githubfake.Fault
	}{
		{"502 after apply", githubfake.Fault{Kind: githubfake.ServerError, Applied: true}},
		{"502", githubfake.Fault{Kind: githubfake.ServerError}},
		{"error body after apply", githubfake.Fault{Kind: githubfake.ErrorBody, Applied: true}},
		{"error body", githubfake.Fault{Kind: githubfake.ErrorBody}},
		{"hang after apply", githubfake.Fault{Kind: githubfake.Hang, Applied: true}},
		{"hang", githubfake.Fault{Kind: githubfake.Hang}},
		{"secondary limit", githubfake.Fault{Kind: githubfake.SecondaryRateLimit, RetryAfter: 2e9}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			forged := MarkerLine(testMarker) + "\nforged"
			alice, _ := REST(w.f.Client(aliceToken), w.f.URL())
			if _, err := w.comment(context.Background(), alice, forged); err != nil {
				t.Fatal(err)
			}
			o := w.options()
			tc.fault.Match = commentsRoute
			if tc.fault.Kind == githubfake.Hang {
				tc.fault.OnHold = func() { w.clk.Advance(DefaultTimeout) }
			}
			w.f.Inject(tc.fault)
			body := MarkerLine(testMarker) + "\nthe reply"
			c := w.rest(o)
			got, _, err := Ensure(context.Background(), o, commentFind(w, c, body))
			if err != nil || got.GetBody() != body {
				t.Fatalf("ensure: %v %q", err, got.GetBody())
			}
			again, created, err := Ensure(context.Background(), o, commentFind(w, c, body))
			if err != nil || created || again.GetID() != got.GetID() {
				t.Errorf("second ensure: created %v, id %d want %d, %v", created, again.GetID(), got.GetID(), err)
			}
			var ours, theirs int
			for _, ic := range w.f.IssueComments(testRepo, w.issue) {
				switch {
				case ic.Author == botLogin && ic.Body == body:
					ours++
				case ic.Body == forged:
					theirs++
				}
			}
			if ours != 1 || theirs != 1 {
				t.Errorf("%d replies by the bot and %d forged comments, want 1 and 1", ours, theirs)
			}
		})
	}
}

// A refusal is returned at once: it would be refused again.
func TestEnsureReturnsARefusal(t *testing.T) {
	w := newWorld(t)
	o := w.options()
	body := MarkerLine(testMarker) + "\n" + strings.Repeat("x", 70000)
	_, _, err := Ensure(context.Background(), o, commentFind(w, w.rest(o), body))
	if !HasStatus(err, 422) || len(w.f.CallsTo(commentsRoute)) != 1 {
		t.Errorf("err %v after %d creates", err, len(w.f.CallsTo(commentsRoute)))
	}
}
