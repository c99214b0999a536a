package githubfake_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/internal/githubfake"
)

func ghClient(t *testing.T, w world, token string) *github.Client {
	t.Helper()
	c, err := github.NewClient(w.Client(token)).WithEnterpriseURLs(w.URL(), w.URL())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

const sampleDiff = `diff --git a/main.go b/main.go
index 1111111..2222222 100644
--- a/main.go
+++ b/main.go
@@ -1,3 +1,4 @@
 package main
+import "fmt"
-func old() {}
+func main() { fmt.Println() }
diff --git a/NEW.md b/NEW.md
new file mode 100644
--- /dev/null
+++ b/NEW.md
@@ -0,0 +1 @@
+hello
`

func addSamplePull(w world) int {
	return w.AddPull(repoName, githubfake.PullSpec{Title: "Add main", Author: "alice", BaseRef: "main",
		BaseSHA: "b0b0", HeadRef: "feature", HeadSHA: "f00d", Diff: sampleDiff})
}

func TestIssueCommentsThroughGoGitHub(t *testing.T) {
	w := newWorld(t)
	n := w.AddIssue(repoName, 0, "Question", "/war-room should we?", "alice")
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	var ids []int64
	for _, body := range []string{"one", "two", "three", "four", "five"} {
		c, resp, err := gh.Issues.CreateComment(ctx, "acme", "widgets", n, &github.IssueComment{Body: github.String(body)})
		if err != nil || resp.StatusCode != 201 || c.GetBody() != body || c.GetUser().GetLogin() != "war-room[bot]" {
			t.Fatalf("create: %v %v %+v", err, resp, c)
		}
		ids = append(ids, c.GetID())
	}
	var got []string
	opt := &github.IssueListCommentsOptions{ListOptions: github.ListOptions{PerPage: 2}}
	for pages := 0; ; pages++ {
		cs, resp, err := gh.Issues.ListComments(ctx, "acme", "widgets", n, opt)
		if err != nil || pages > 3 {
			t.Fatalf("list: %v (page %d)", err, pages)
		}
		for _, c := range cs {
			got = append(got, c.GetBody())
		}
		if resp.NextPage == 0 {
			break
		}
		opt.Page = resp.NextPage
	}
	if strings.Join(got, ",") != "one,two,three,four,five" {
		t.Errorf("paged list = %v", got)
	}
	c, _, err := gh.Issues.EditComment(ctx, "acme", "widgets", ids[0], &github.IssueComment{Body: github.String("edited")})
	if err != nil || c.GetBody() != "edited" {
		t.Errorf("edit: %v %+v", err, c)
	}
	if c, _, err := gh.Issues.GetComment(ctx, "acme", "widgets", ids[0]); err != nil || c.GetBody() != "edited" {
		t.Errorf("get: %v %+v", err, c)
	}
	if _, err := gh.Issues.DeleteComment(ctx, "acme", "widgets", ids[4]); err != nil {
		t.Errorf("delete: %v", err)
	}
	if cs := w.IssueComments(repoName, n); len(cs) != 4 || cs[0].Body != "edited" {
		t.Errorf("stored = %+v", cs)
	}

	// Someone with read access cannot edit the bot's comment.
	w.AddToken("ghp_m", "mallory")
	_, resp, err := ghClient(t, w, "ghp_m").Issues.EditComment(ctx, "acme", "widgets", ids[1], &github.IssueComment{Body: github.String("x")})
	if err == nil || resp.StatusCode != 403 {
		t.Errorf("foreign edit: %v", err)
	}
}

func TestRESTRejectsWhatGitHubRejects(t *testing.T) {
	w := newWorld(t)
	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	gh := ghClient(t, w, botToken)
	ctx := context.Background()

	_, _, err := gh.Issues.CreateComment(ctx, "acme", "widgets", n, &github.IssueComment{Body: github.String(strings.Repeat("x", 65537))})
	var er *github.ErrorResponse
	if !errors.As(err, &er) || er.Response.StatusCode != 422 || len(er.Errors) != 1 ||
		er.Errors[0].Message != "Body is too long (maximum is 65536 characters)" {
		t.Errorf("over-long body: %v", err)
	}
	if _, _, err := gh.Issues.CreateComment(ctx, "acme", "widgets", n, &github.IssueComment{Body: github.String(strings.Repeat("x", 65536))}); err != nil {
		t.Errorf("body at the limit: %v", err)
	}
	resp, body := doREST(t, w.Fake, botToken, "POST", "/repos/acme/widgets/issues/1/comments", map[string]any{})
	if resp.StatusCode != 422 || !strings.Contains(string(body), `\"body\" wasn't supplied.`) {
		t.Errorf("missing body: %d %s", resp.StatusCode, body)
	}
	resp, _ = doREST(t, w.Fake, botToken, "POST", "/repos/acme/widgets/issues", map[string]any{"body": "no title"})
	if resp.StatusCode != 422 {
		t.Errorf("issue without title: %d", resp.StatusCode)
	}
	for path, want := range map[string]int{
		"/repos/acme/widgets/issues/99/comments": 404,
		"/repos/acme/nope/issues/1/comments":     404,
		"/repos/acme/widgets/nonsense":           404,
	} {
		if resp, _ := doREST(t, w.Fake, botToken, "GET", path, nil); resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}
	w.AddRepo("acme", "noissues", githubfake.RepoOptions{IssuesDisabled: true})
	if resp, _ := doREST(t, w.Fake, botToken, "POST", "/repos/acme/noissues/issues", map[string]any{"title": "t"}); resp.StatusCode != 410 {
		t.Errorf("issues disabled: %d", resp.StatusCode)
	}
	if resp, _ := doREST(t, w.Fake, botToken, "POST", "/repos/acme/widgets/issues/1/comments", "{not json"); resp.StatusCode != 422 && resp.StatusCode != 400 {
		t.Errorf("string body: %d", resp.StatusCode)
	}
}

func TestAuthVersionAndHeaders(t *testing.T) {
	w := newWorld(t)
	for _, tc := range []struct {
		token, version string
		want           int
	}{{"", "", 401}, {"nope", "", 401}, {userTok, "", 200}, {userTok, "2022-11-28", 200}, {userTok, "2026-03-10", 200}, {userTok, "2019-01-01", 400}} {
		resp, body := doREST(t, w.Fake, tc.token, "GET", "/repos/acme/widgets", nil, "X-GitHub-Api-Version", tc.version)
		if resp.StatusCode != tc.want {
			t.Errorf("token %q version %q: %d %s", tc.token, tc.version, resp.StatusCode, body)
		}
		for _, h := range []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Used", "X-RateLimit-Reset", "X-RateLimit-Resource", "X-GitHub-Request-Id"} {
			if resp.Header.Get(h) == "" {
				t.Errorf("token %q version %q: no %s", tc.token, tc.version, h)
			}
		}
	}
	r1, _ := doREST(t, w.Fake, userTok, "GET", "/repos/acme/widgets", nil)
	r2, _ := doREST(t, w.Fake, userTok, "GET", "/repos/acme/widgets", nil)
	if r1.Header.Get("X-RateLimit-Remaining") == r2.Header.Get("X-RateLimit-Remaining") || r1.Header.Get("X-GitHub-Request-Id") == r2.Header.Get("X-GitHub-Request-Id") {
		t.Errorf("remaining and request IDs must change per request")
	}
	if res := postGQL(t, w.Fake, userTok, `{ viewer { login } }`, nil); res.Status != 200 {
		t.Errorf("graphql status %d", res.Status)
	}
	calls := w.CallsTo("viewer")
	if len(calls) != 1 || calls[0].OperationType != "query" || calls[0].Login != "alice" {
		t.Errorf("call log = %+v", calls)
	}
}

func TestReactions(t *testing.T) {
	w := newWorld(t)
	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	c, _, err := gh.Issues.CreateComment(ctx, "acme", "widgets", n, &github.IssueComment{Body: github.String("/war-room go")})
	if err != nil {
		t.Fatal(err)
	}
	r, resp, err := gh.Reactions.CreateIssueCommentReaction(ctx, "acme", "widgets", c.GetID(), "eyes")
	if err != nil || resp.StatusCode != 201 || r.GetContent() != "eyes" {
		t.Fatalf("react: %v %v", err, resp)
	}
	if _, resp, _ = gh.Reactions.CreateIssueCommentReaction(ctx, "acme", "widgets", c.GetID(), "eyes"); resp.StatusCode != 200 {
		t.Errorf("repeated reaction: %d, want 200", resp.StatusCode)
	}
	if _, _, err := gh.Reactions.CreateIssueCommentReaction(ctx, "acme", "widgets", c.GetID(), "thumbs"); err == nil {
		t.Errorf("invalid content accepted")
	}
	list, _, err := gh.Reactions.ListIssueCommentReactions(ctx, "acme", "widgets", c.GetID(), nil)
	if err != nil || len(list) != 1 {
		t.Errorf("list: %v %d", err, len(list))
	}
	if _, err := gh.Reactions.DeleteIssueCommentReaction(ctx, "acme", "widgets", c.GetID(), r.GetID()); err != nil {
		t.Errorf("delete: %v", err)
	}
	if _, _, err := gh.Reactions.CreateIssueReaction(ctx, "acme", "widgets", n, "rocket"); err != nil {
		t.Errorf("issue reaction: %v", err)
	}
	issue := w.Issues(repoName)[0]
	if got := w.Reactions(issue.NodeID); len(got) != 1 || got[0].Content != "rocket" || got[0].User != "war-room[bot]" {
		t.Errorf("issue reactions = %+v", got)
	}
	if got := w.Reactions(w.IssueComments(repoName, n)[0].NodeID); len(got) != 0 {
		t.Errorf("comment reactions after delete = %+v", got)
	}
}
