package githubfake_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/shurcooL/githubv4"

	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/testwait"
)

const createMut = `mutation Create($r: ID!, $c: ID!) { createDiscussion(input: {repositoryId: $r, categoryId: $c, title: "t", body: "b"}) { discussion { id } } }`

func (w world) create(t *testing.T) gqlResult {
	return postGQL(t, w.Fake, botToken, createMut, map[string]any{"r": w.repoID, "c": w.ideasID})
}

// A 502/504 after the write happened: the client sees a failure, the discussion exists.
func TestServerErrorAfterApply(t *testing.T) {
	w := newWorld(t)
	w.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.ServerError, Status: 502, Applied: true})
	w.Inject(githubfake.Fault{Match: "POST /repos/{owner}/{repo}/issues/{issue_number}/comments", Kind: githubfake.ServerError, Status: 504, Applied: true})
	w.Inject(githubfake.Fault{Match: "addDiscussionComment", Kind: githubfake.ServerError})

	res := w.create(t)
	if res.Status != 502 || len(res.Errors) != 1 || !strings.Contains(res.Errors[0]["message"].(string), "Something went wrong") {
		t.Errorf("answer = %d %v", res.Status, res.Errors)
	}
	ds := w.Discussions(repoName)
	if len(ds) != 1 {
		t.Fatalf("applied fault must leave the discussion: %d stored", len(ds))
	}
	res = postGQL(t, w.Fake, botToken, `mutation($d: ID!) { addDiscussionComment(input: {discussionId: $d, body: "x"}) { comment { id } } }`, map[string]any{"d": ds[0].ID})
	if res.Status != 502 || len(w.Comments(ds[0].ID)) != 0 {
		t.Errorf("unapplied fault: status %d, comments %d", res.Status, len(w.Comments(ds[0].ID)))
	}
	if res := w.create(t); res.Status != 200 {
		t.Errorf("faults fire once: second create %d", res.Status)
	}

	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	_, resp, err := ghClient(t, w, botToken).Issues.CreateComment(context.Background(), "acme", "widgets", n, &github.IssueComment{Body: github.String("x")})
	if err == nil || resp.StatusCode != 504 || len(w.IssueComments(repoName, n)) != 1 {
		t.Errorf("REST 504 after apply: %v", err)
	}
	if c := w.CallsTo("createDiscussion"); c[0].Fault == "" || c[0].Status != 502 || c[1].Fault != "" {
		t.Errorf("call log = %+v", c)
	}
}

func TestSecondaryRateLimits(t *testing.T) {
	w := newWorld(t)
	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	route := "POST /repos/acme/widgets/issues/*/comments"
	w.Inject(githubfake.Fault{Match: route, Kind: githubfake.SecondaryRateLimit, RetryAfter: 3 * time.Second})
	w.Inject(githubfake.Fault{Match: route, Nth: 2, Kind: githubfake.SecondaryRateLimit})
	w.Inject(githubfake.Fault{Match: route, Nth: 3, Kind: githubfake.SecondaryRateLimit, Status: 429, RetryAfter: time.Second})
	ctx := context.Background()
	comment := &github.IssueComment{Body: github.String("x")}

	_, _, err := ghClient(t, w, botToken).Issues.CreateComment(ctx, "acme", "widgets", n, comment)
	var abuse *github.AbuseRateLimitError
	if !errors.As(err, &abuse) || abuse.RetryAfter == nil || *abuse.RetryAfter != 3*time.Second {
		t.Errorf("with Retry-After: %v", err)
	}
	_, resp, err := ghClient(t, w, botToken).Issues.CreateComment(ctx, "acme", "widgets", n, comment)
	var primary *github.RateLimitError
	if !errors.As(err, &primary) || resp.Header.Get("X-RateLimit-Remaining") != "0" || resp.Header.Get("Retry-After") != "" ||
		!strings.Contains(primary.Message, "secondary rate limit") {
		t.Errorf("without Retry-After: %v", err)
	}
	r, body := doREST(t, w.Fake, botToken, "POST", "/repos/acme/widgets/issues/1/comments", map[string]any{"body": "x"})
	if r.StatusCode != 429 || r.Header.Get("Retry-After") != "1" || !strings.Contains(string(body), "secondary rate limit") {
		t.Errorf("429: %d %v %s", r.StatusCode, r.Header, body)
	}
	if got := len(w.IssueComments(repoName, n)); got != 0 {
		t.Errorf("rate-limited writes must not apply; %d stored", got)
	}

	w.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.SecondaryRateLimit, RetryAfter: time.Minute})
	client := githubv4.NewEnterpriseClient(w.GraphQLURL(), w.Client(botToken))
	var m createMutation
	err = client.Mutate(ctx, &m, githubv4.CreateDiscussionInput{RepositoryID: w.repoID, CategoryID: w.ideasID, Title: "t", Body: "b"}, nil)
	if err == nil || !strings.Contains(err.Error(), "403") || len(w.Discussions(repoName)) != 0 {
		t.Errorf("GraphQL secondary limit: %v", err)
	}
}

func TestPrimaryLimitAndGraphQLErrors(t *testing.T) {
	w := newWorld(t)
	w.Inject(githubfake.Fault{Match: "repository", Kind: githubfake.PrimaryRateLimit})
	res := postGQL(t, w.Fake, botToken, `{ repository(owner: "acme", name: "widgets") { id } }`, nil)
	if res.Status != 200 || len(res.Errors) != 1 || res.Errors[0]["type"] != "RATE_LIMITED" {
		t.Errorf("primary limit: %d %v", res.Status, res.Errors)
	}

	w.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.GraphQLError, Type: "INTERNAL", Message: "boom"})
	w.Inject(githubfake.Fault{Match: "createDiscussion", Nth: 2, Kind: githubfake.GraphQLError, Applied: true})
	res = w.create(t)
	if res.Status != 200 || string(res.Raw["data"]) != `{"createDiscussion":null}` || res.Errors[0]["message"] != "boom" || len(w.Discussions(repoName)) != 0 {
		t.Errorf("GraphQL error, not applied: %s %v", res.Raw["data"], res.Errors)
	}
	res = w.create(t)
	if len(res.Errors) != 1 || len(w.Discussions(repoName)) != 1 {
		t.Errorf("GraphQL error, applied: %v, %d stored", res.Errors, len(w.Discussions(repoName)))
	}
}

func TestNthAndTimes(t *testing.T) {
	w := newWorld(t)
	w.Inject(githubfake.Fault{Match: "createDiscussion", Nth: 2, Times: 2, Kind: githubfake.ServerError, Status: 504})
	var got []int
	for range 4 {
		got = append(got, w.create(t).Status)
	}
	if fmt.Sprint(got) != "[200 504 504 200]" {
		t.Errorf("statuses = %v", got)
	}
}

func TestSlowResponses(t *testing.T) {
	w := newWorld(t)
	w.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.Slow, Delay: time.Minute, Applied: true})
	w.Inject(githubfake.Fault{Match: "addDiscussionComment", Kind: githubfake.Slow, Delay: 10 * time.Millisecond})

	impatient := w.Client(botToken)
	impatient.Timeout = 500 * time.Millisecond
	client := githubv4.NewEnterpriseClient(w.GraphQLURL(), impatient)
	var m createMutation
	err := client.Mutate(context.Background(), &m, githubv4.CreateDiscussionInput{RepositoryID: w.repoID, CategoryID: w.ideasID, Title: "t", Body: "b"}, nil)
	if err == nil {
		t.Fatal("the client should have given up")
	}
	waitForCall(t, w, "createDiscussion")
	ds := w.Discussions(repoName)
	if len(ds) != 1 {
		t.Fatalf("slow applied request: %d discussions", len(ds))
	}
	res := postGQL(t, w.Fake, botToken, `mutation($d: ID!) { addDiscussionComment(input: {discussionId: $d, body: "x"}) { comment { id } } }`, map[string]any{"d": ds[0].ID})
	if res.Status != 502 || len(w.Comments(ds[0].ID)) != 0 {
		t.Errorf("slow unapplied request: %d, %d comments", res.Status, len(w.Comments(ds[0].ID)))
	}
}

// waitForCall waits for the server to log a call the client may have abandoned (noticing a
// hung-up client is slow on a loaded machine).
func waitForCall(t *testing.T, w world, match string) {
	t.Helper()
	testwait.Until(t, "a "+match+" call logged", func() bool { return len(w.CallsTo(match)) > 0 })
}

// recordingTB captures what the fake reports at cleanup.
type recordingTB struct {
	testing.TB
	errs     []string
	cleanups []func()
}

func (r *recordingTB) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
func (r *recordingTB) Cleanup(f func())    { r.cleanups = append(r.cleanups, f) }
func (r *recordingTB) Logf(string, ...any) {}

func TestUnusedFaultFailsTheTest(t *testing.T) {
	rec := &recordingTB{TB: t}
	f := githubfake.New(rec)
	f.Inject(githubfake.Fault{Match: "createDiscussion", Kind: githubfake.ServerError})
	f.Inject(githubfake.Fault{Match: "GET /repos/{owner}/{repo}", Kind: githubfake.ServerError})
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{})
	f.AddToken("tok", "alice")
	resp, err := f.Client("tok").Get(f.URL() + "/repos/acme/widgets")
	if err != nil || resp.StatusCode != http.StatusBadGateway {
		t.Fatalf("REST fault: %v %v", err, resp)
	}
	resp.Body.Close()
	for _, c := range rec.cleanups {
		c()
	}
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "createDiscussion") {
		t.Errorf("cleanup errors = %q, want one about the unused createDiscussion fault", rec.errs)
	}
}

func TestMutationSpacing(t *testing.T) {
	w := newWorld(t)
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	w.SetClock(func() time.Time { return now })
	w.SetMutationSpacing(time.Second, false)
	w.create(t)
	w.create(t) // same instant: too close
	postGQL(t, w.Fake, botToken, `{ viewer { login } }`, nil)
	now = now.Add(2 * time.Second)
	w.create(t)
	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	doREST(t, w.Fake, botToken, "POST", fmt.Sprintf("/repos/acme/widgets/issues/%d/comments", n), map[string]any{"body": "x"}) // REST writes count too
	doREST(t, w.Fake, userTok, "POST", fmt.Sprintf("/repos/acme/widgets/issues/%d/comments", n), map[string]any{"body": "y"})  // another account's
	if got := w.SpacingViolations(); got != 2 {
		t.Errorf("violations = %d, want 2 (queries and other accounts' writes do not count)", got)
	}
	if got := len(w.Discussions(repoName)); got != 3 {
		t.Errorf("counting only: %d discussions, want 3", got)
	}

	w.SetMutationSpacing(time.Second, true)
	w.create(t)
	res := w.create(t)
	if res.Status != 403 || res.Raw["documentation_url"] == nil || len(w.Discussions(repoName)) != 4 {
		t.Errorf("rejecting: %d %s, %d discussions", res.Status, res.Raw["message"], len(w.Discussions(repoName)))
	}
	if c := w.CallsTo("createDiscussion"); c[len(c)-1].Fault != "mutation spacing" {
		t.Errorf("call log fault = %q", c[len(c)-1].Fault)
	}
}

func TestCallLog(t *testing.T) {
	w := newWorld(t)
	w.create(t)
	doREST(t, w.Fake, userTok, "GET", "/api/v3/repos/acme/widgets?x=1", nil)
	calls := w.Calls()
	if len(calls) != 2 {
		t.Fatalf("calls = %+v", calls)
	}
	g, r := calls[0], calls[1]
	if !g.GraphQL || g.Operation != "Create" || g.OperationType != "mutation" || !g.Mutation ||
		fmt.Sprint(g.Fields) != "[createDiscussion]" || g.Status != 200 || g.Login != "war-room[bot]" || g.Variables["r"] != w.repoID {
		t.Errorf("graphql call = %+v", g)
	}
	if r.GraphQL || r.Method != "GET" || r.Path != "/repos/acme/widgets" || r.RawQuery != "x=1" ||
		r.Route != "GET /repos/{owner}/{repo}" || r.Mutation || r.Status != 200 || r.RequestID == "" {
		t.Errorf("rest call = %+v", r)
	}
}

func TestGraphQLErrorFaultUsesResponseKeys(t *testing.T) {
	w := newWorld(t)
	w.Inject(githubfake.Fault{Match: "repository", Kind: githubfake.GraphQLError, Type: "SERVICE_UNAVAILABLE", Message: "try later"})
	res := postGQL(t, w.Fake, userTok, `{ repo: repository(owner: "acme", name: "widgets") { id } }`, nil)
	if string(res.Raw["data"]) != `{"repo":null}` || dig(res.Errors[0], "path", 0) != "repo" || res.Errors[0]["type"] != "SERVICE_UNAVAILABLE" {
		t.Errorf("answer = %s %v", res.Raw["data"], res.Errors)
	}
}
