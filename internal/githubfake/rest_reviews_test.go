package githubfake_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/internal/githubfake"
)

// reviewDiff has two hunks in one file, so that a range can fall inside one hunk or across two.
const reviewDiff = `diff --git a/calc.go b/calc.go
index 1111111..2222222 100644
--- a/calc.go
+++ b/calc.go
@@ -1,4 +1,5 @@
 package calc
-func Add(a, b int) int { return a - b }
+// Add adds.
+func Add(a, b int) int { return a + b }
 
@@ -20,3 +21,4 @@ func Sub(a, b int) int {
 	return a - b
 }
+func Mul(a, b int) int { return a * b }
`

func addReviewPull(w world) int {
	return w.AddPull(repoName, githubfake.PullSpec{Title: "Fix Add", Author: "alice", BaseRef: "main",
		BaseSHA: "b0b0", HeadRef: "feature", HeadSHA: "f00d", Diff: reviewDiff})
}

func draft(path string, line int, side string, start int, body string) *github.DraftReviewComment {
	c := &github.DraftReviewComment{Path: github.String(path), Line: github.Int(line), Body: github.String(body)}
	if side != "" {
		c.Side = github.String(side)
	}
	if start > 0 {
		c.StartLine = github.Int(start)
	}
	return c
}

// A COMMENT review with comments on the new side, a range and a deleted line is stored with
// every comment anchored in the diff at its commit, and listed back as GitHub lists it.
func TestCreateReviewWithComments(t *testing.T) {
	w := newWorld(t)
	n := addReviewPull(w)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	rv, resp, err := gh.PullRequests.CreateReview(ctx, "acme", "widgets", n, &github.PullRequestReviewRequest{
		CommitID: github.String("f00d"), Body: github.String("three remarks"), Event: github.String("COMMENT"),
		Comments: []*github.DraftReviewComment{
			draft("calc.go", 3, "RIGHT", 0, "a plus now"),
			draft("calc.go", 23, "", 21, "the Mul hunk"),
			draft("calc.go", 2, "LEFT", 0, "the old minus"),
		},
	})
	if err != nil || resp.StatusCode != 200 || rv.GetState() != "COMMENTED" || rv.GetCommitID() != "f00d" || rv.SubmittedAt == nil {
		t.Fatalf("create: %v %+v", err, rv)
	}
	got, _, err := gh.PullRequests.ListComments(ctx, "acme", "widgets", n, nil)
	if err != nil || len(got) != 3 {
		t.Fatalf("list comments: %v %d", err, len(got))
	}
	want := []struct {
		line, start, position int
		side, startSide       string
	}{{3, 0, 4, "RIGHT", ""}, {23, 21, 9, "RIGHT", "RIGHT"}, {2, 0, 2, "LEFT", ""}}
	for i, c := range got {
		wt := want[i]
		if c.GetLine() != wt.line || c.GetStartLine() != wt.start || c.GetPosition() != wt.position ||
			c.GetSide() != wt.side || c.GetStartSide() != wt.startSide || c.GetPullRequestReviewID() != rv.GetID() ||
			c.GetCommitID() != "f00d" || c.GetUser().GetLogin() != "war-room[bot]" {
			t.Errorf("comment %d = line %d start %d position %d side %s/%s review %d", i, c.GetLine(), c.GetStartLine(),
				c.GetPosition(), c.GetSide(), c.GetStartSide(), c.GetPullRequestReviewID())
		}
	}
	if h := got[0].GetDiffHunk(); !strings.HasPrefix(h, "@@ -1,4 +1,5 @@") || !strings.HasSuffix(h, "+func Add(a, b int) int { return a + b }") {
		t.Errorf("diff hunk = %q", h)
	}
	reviews, _, err := gh.PullRequests.ListReviews(ctx, "acme", "widgets", n, nil)
	if err != nil || len(reviews) != 1 || reviews[0].GetBody() != "three remarks" {
		t.Errorf("reviews: %v %+v", err, reviews)
	}
	if pr, _, _ := gh.PullRequests.Get(ctx, "acme", "widgets", n); pr.GetReviewComments() != 3 {
		t.Errorf("review_comments = %d", pr.GetReviewComments())
	}
}

// One comment GitHub cannot place refuses the whole review with 422 and a message naming
// the problem; nothing is stored. Comments anchor to the diff at commit_id, not at the head.
func TestCreateReviewRefusesAnchorsOutsideTheDiff(t *testing.T) {
	w := newWorld(t)
	n := addReviewPull(w)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	ok := draft("calc.go", 3, "RIGHT", 0, "fine")
	for name, tc := range map[string]struct {
		bad  *github.DraftReviewComment
		want string
	}{
		"line outside every hunk": {draft("calc.go", 12, "RIGHT", 0, "x"), "Line could not be resolved"},
		"a deleted line on LEFT":  {draft("calc.go", 2, "LEFT", 0, "x"), ""},
		"added line on LEFT":      {draft("calc.go", 4, "LEFT", 0, "x"), "Line could not be resolved"},
		"file not in the diff":    {draft("README.md", 1, "RIGHT", 0, "x"), "Path could not be resolved"},
		"range across two hunks":  {draft("calc.go", 23, "RIGHT", 3, "x"), "start line must be part of the same hunk"},
	} {
		_, resp, err := gh.PullRequests.CreateReview(ctx, "acme", "widgets", n, &github.PullRequestReviewRequest{
			Body: github.String("b"), Event: github.String("COMMENT"), Comments: []*github.DraftReviewComment{ok, tc.bad}})
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		var er *github.ErrorResponse
		if err == nil || resp.StatusCode != http.StatusUnprocessableEntity || !errors.As(err, &er) ||
			len(er.Errors) != 1 || !strings.Contains(er.Errors[0].Message, tc.want) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if got := w.Reviews(repoName, n); len(got) != 1 {
		t.Errorf("reviews stored = %d, want only the valid one", len(got))
	}
	if got := w.ReviewComments(repoName, n); len(got) != 2 {
		t.Errorf("review comments stored = %d, want the valid review's two", len(got))
	}

	w.MovePullHead(repoName, n, "beef", strings.Replace(reviewDiff, "+func Mul(a, b int) int { return a * b }\n", "", 1))
	_, _, err := gh.PullRequests.CreateReview(ctx, "acme", "widgets", n, &github.PullRequestReviewRequest{
		Body: github.String("b"), Event: github.String("COMMENT"), Comments: []*github.DraftReviewComment{draft("calc.go", 23, "RIGHT", 0, "Mul")}})
	if err == nil {
		t.Errorf("a line the new head's diff no longer has was accepted at the head")
	}
	if _, _, err := gh.PullRequests.CreateReview(ctx, "acme", "widgets", n, &github.PullRequestReviewRequest{
		CommitID: github.String("f00d"), Body: github.String("b"), Event: github.String("COMMENT"),
		Comments: []*github.DraftReviewComment{draft("calc.go", 23, "RIGHT", 0, "Mul")}}); err != nil {
		t.Errorf("the same line at the commit whose diff has it: %v", err)
	}
}

// Events: a pending review is its author's alone and only one may exist; COMMENT needs a
// body; nobody approves their own pull request.
func TestReviewEventsAndPending(t *testing.T) {
	w := newWorld(t)
	n := addReviewPull(w) // authored by alice
	bot, alice := ghClient(t, w, botToken), ghClient(t, w, userTok)
	ctx := context.Background()
	if _, _, err := bot.PullRequests.CreateReview(ctx, "acme", "widgets", n, &github.PullRequestReviewRequest{Body: github.String("draft")}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := bot.PullRequests.CreateReview(ctx, "acme", "widgets", n, &github.PullRequestReviewRequest{Body: github.String("again")}); err == nil {
		t.Errorf("a second pending review was accepted")
	}
	if got, _, _ := alice.PullRequests.ListReviews(ctx, "acme", "widgets", n, nil); len(got) != 0 {
		t.Errorf("alice sees someone else's pending review")
	}
	if got, _, _ := bot.PullRequests.ListReviews(ctx, "acme", "widgets", n, nil); len(got) != 1 || got[0].GetState() != "PENDING" || got[0].SubmittedAt != nil {
		t.Errorf("the bot's own pending review: %+v", got)
	}
	for _, tc := range []struct {
		gh    *github.Client
		event string
		body  string
	}{{bot, "COMMENT", ""}, {alice, "APPROVE", "lgtm"}, {alice, "REQUEST_CHANGES", "no"}, {bot, "MERGE", "x"}} {
		if _, resp, err := tc.gh.PullRequests.CreateReview(ctx, "acme", "widgets", n, &github.PullRequestReviewRequest{
			Body: github.String(tc.body), Event: github.String(tc.event)}); err == nil || resp.StatusCode != 422 {
			t.Errorf("%s with body %q was accepted", tc.event, tc.body)
		}
	}
	resp, body := doREST(t, w.Fake, botToken, "POST", "/repos/acme/widgets/pulls/1/reviews", map[string]any{
		"body": "b", "event": "COMMENT", "commit_id": "0123"})
	if resp.StatusCode != 422 || !json.Valid(body) {
		t.Errorf("an unknown commit: %d %s", resp.StatusCode, body)
	}
}

// Annotations: at most 50 per request, each with its required fields; an update appends;
// they are listed back in order.
func TestCheckRunAnnotations(t *testing.T) {
	w := newWorld(t)
	addSamplePull(w)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	ann := func(i int, level string) *github.CheckRunAnnotation {
		return &github.CheckRunAnnotation{Path: github.String("main.go"), StartLine: github.Int(i), EndLine: github.Int(i),
			AnnotationLevel: github.String(level), Message: github.String("m")}
	}
	batch := func(from, n int) []*github.CheckRunAnnotation {
		var out []*github.CheckRunAnnotation
		for i := from; i < from+n; i++ {
			out = append(out, ann(i, "warning"))
		}
		return out
	}
	out := func(anns []*github.CheckRunAnnotation) *github.CheckRunOutput {
		return &github.CheckRunOutput{Title: github.String("t"), Summary: github.String("s"), Annotations: anns}
	}
	if _, _, err := gh.Checks.CreateCheckRun(ctx, "acme", "widgets", github.CreateCheckRunOptions{Name: "x", HeadSHA: "f00d", Output: out(batch(1, 51))}); err == nil {
		t.Errorf("51 annotations in one request were accepted")
	}
	if _, _, err := gh.Checks.CreateCheckRun(ctx, "acme", "widgets", github.CreateCheckRunOptions{Name: "x", HeadSHA: "f00d",
		Output: out([]*github.CheckRunAnnotation{ann(1, "error")})}); err == nil {
		t.Errorf("level error (not notice, warning or failure) was accepted")
	}
	cr, _, err := gh.Checks.CreateCheckRun(ctx, "acme", "widgets", github.CreateCheckRunOptions{Name: "x", HeadSHA: "f00d", Output: out(batch(1, 50))})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := gh.Checks.UpdateCheckRun(ctx, "acme", "widgets", cr.GetID(), github.UpdateCheckRunOptions{Name: "x", Output: out(batch(51, 10))}); err != nil {
		t.Fatal(err)
	}
	var all []*github.CheckRunAnnotation
	opt := &github.ListOptions{PerPage: 100}
	for {
		page, resp, err := gh.Checks.ListCheckRunAnnotations(ctx, "acme", "widgets", cr.GetID(), opt)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page...)
		if resp.NextPage == 0 {
			break
		}
		opt.Page = resp.NextPage
	}
	if len(all) != 60 || all[59].GetStartLine() != 60 {
		t.Errorf("listed %d annotations", len(all))
	}
}
