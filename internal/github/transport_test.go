package github

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	gogithub "github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/metrics"
)

// After a 403 secondary limit with Retry-After: 2 the write is sent again once the two
// seconds have passed (on the injected clock) and succeeds, and the writes after it are
// sent: nothing is refused before it reaches GitHub. A bare go-github client, given the
// same answer, refuses the next write without sending it — the failure this layer removes.
func TestSecondaryLimitIsWaitedOut(t *testing.T) {
	w := newWorld(t)
	w.f.Inject(githubfake.Fault{Match: commentsRoute, Kind: githubfake.SecondaryRateLimit, RetryAfter: 2 * time.Second})
	o := w.options()
	var retried []string
	o.Retried = func(kind, reason string) { retried = append(retried, kind+" "+reason) }
	c, ctx := w.rest(o), context.Background()
	first, err := w.comment(ctx, c, "first")
	if err != nil {
		t.Fatalf("the write after a secondary limit: %v", err)
	}
	if !slices.Contains(w.clk.Slept(), 2*time.Second) {
		t.Errorf("slept %v, want the 2 s GitHub asked for", w.clk.Slept())
	}
	if _, _, err := c.Issues.EditComment(ctx, "acme", "widgets", first.GetID(), &gogithub.IssueComment{Body: gogithub.String("edited")}); err != nil {
		t.Fatalf("the next write: %v", err)
	}
	if _, err := w.comment(ctx, c, "second"); err != nil {
		t.Fatalf("the write after: %v", err)
	}
	if got := len(w.writes()); got != 4 || w.storedComments() != 2 {
		t.Errorf("%d writes sent and %d comments stored, want 4 (one refused, sent again) and 2", got, w.storedComments())
	}
	if want := []string{"rest " + metrics.ReasonSecondary}; !slices.Equal(retried, want) {
		t.Errorf("retries counted %q, want %q", retried, want)
	}

	bare := newWorld(t)
	bare.f.Inject(githubfake.Fault{Match: commentsRoute, Kind: githubfake.SecondaryRateLimit, RetryAfter: 2 * time.Second})
	gh, _ := REST(bare.f.Client(botToken), bare.f.URL())
	if _, err := bare.comment(ctx, gh, "first"); err == nil {
		t.Fatal("the bare client took a 403 for a success")
	}
	_, err = bare.comment(ctx, gh, "second")
	var abuse *gogithub.AbuseRateLimitError
	if !errors.As(err, &abuse) || len(bare.writes()) != 1 {
		t.Errorf("bare go-github: %v after %d writes; expected it to refuse without sending", err, len(bare.writes()))
	}
}

// A 200 whose body is GitHub's error shape is a failure, never a success: a create of
// unknown outcome comes back to the caller (who looks before writing again); an edit, which
// is harmless to repeat, is sent again and then succeeds.
func TestErrorBodyIsAFailure(t *testing.T) {
	w := newWorld(t)
	c, ctx := w.rest(w.options()), context.Background()
	w.f.Inject(githubfake.Fault{Match: commentsRoute, Kind: githubfake.ErrorBody})
	_, err := w.comment(ctx, c, "x")
	ae, ok := AsAPIError(err)
	if !ok || !ae.Unknown() || ae.Status != 200 || w.storedComments() != 0 || len(w.writes()) != 1 {
		t.Fatalf("create answered 200 with an error body: %v (%+v)", err, ae)
	}

	ic, err := w.comment(ctx, c, "x")
	if err != nil {
		t.Fatal(err)
	}
	w.f.Inject(githubfake.Fault{Match: "PATCH /repos/{o}/{r}/issues/comments/{id}", Kind: githubfake.ErrorBody, Applied: true})
	got, _, err := c.Issues.EditComment(ctx, "acme", "widgets", ic.GetID(), &gogithub.IssueComment{Body: gogithub.String("y")})
	if err != nil || got.GetBody() != "y" || len(w.f.CallsTo("PATCH /repos/{o}/{r}/issues/comments/{id}")) != 2 {
		t.Errorf("edit answered 200 with an error body: %v %q", err, got.GetBody())
	}
}

// A GraphQL errors array is a failure whatever the status; a query is asked again, a
// mutation of unknown outcome goes back to the caller.
func TestGraphQLErrorsAreFailures(t *testing.T) {
	w := newWorld(t)
	hc := w.client(w.options())
	w.f.Inject(githubfake.Fault{Match: "repository", Kind: githubfake.ErrorBody})
	var q struct {
		Data struct {
			Repository struct{ ID string } `json:"repository"`
		} `json:"data"`
	}
	if err := postGraphQL(hc, w.f.GraphQLURL(), `query { repository(owner: "acme", name: "widgets") { id } }`, &q); err != nil || q.Data.Repository.ID == "" {
		t.Errorf("query after an errors array: %v %+v", err, q)
	}
	w.f.Inject(githubfake.Fault{Match: "addReaction", Kind: githubfake.GraphQLError, Type: "FORBIDDEN", Message: "no"})
	err := postGraphQL(hc, w.f.GraphQLURL(), `mutation { addReaction(input: {subjectId: "x", content: EYES}) { clientMutationId } }`, nil)
	ae, ok := AsAPIError(err)
	if !ok || ae.Kind != Permanent || ae.Op != "addReaction" || !slices.Equal(ae.Messages, []string{"no"}) {
		t.Errorf("mutation with an errors array: %v", err)
	}
}

// What is retried, and how long it waits.
func TestRetryPolicy(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fault  githubfake.Fault
		op     func(ctx context.Context, w *world, c *gogithub.Client) error
		calls  int
		failed bool
		slept  time.Duration
	}{
		{"read after 502", githubfake.Fault{Match: "GET /repos/{o}/{r}", Kind: githubfake.ServerError}, getRepo, 2, false, TransientBase},
		{"create after 502 goes back", githubfake.Fault{Match: commentsRoute, Kind: githubfake.ServerError, Applied: true}, createOp, 1, true, 0},
		{"idempotent create after 502", githubfake.Fault{Match: "POST /repos/{o}/{r}/issues/{n}/reactions", Kind: githubfake.ServerError, Applied: true}, react, 2, false, TransientBase},
		{"429 until reset", githubfake.Fault{Match: commentsRoute, Kind: githubfake.SecondaryRateLimit, Status: 429}, createOp, 2, false, 61 * time.Second},
		{"primary limit", githubfake.Fault{Match: "GET /repos/{o}/{r}", Kind: githubfake.PrimaryRateLimit}, getRepo, 2, false, time.Hour + time.Second},
		{"secondary without a time", githubfake.Fault{Match: commentsRoute, Kind: githubfake.SecondaryRateLimit, Times: 2}, createOp, 3, false, 0},
		{"404 is final", githubfake.Fault{Match: "GET /repos/{o}/{r}", Kind: githubfake.ServerError, Status: 404}, getRepo, 1, true, 0},
		{"bounded", githubfake.Fault{Match: "GET /repos/{o}/{r}", Kind: githubfake.ServerError, Status: 504, Times: 3}, getRepo, 3, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			o := w.options()
			o.MaxAttempts = 3
			w.f.Inject(tc.fault)
			err := tc.op(context.Background(), w, w.rest(o))
			if (err != nil) != tc.failed {
				t.Fatalf("err %v", err)
			}
			if got := len(w.f.CallsTo(tc.fault.Match)); got != tc.calls {
				t.Errorf("%d calls, want %d", got, tc.calls)
			}
			if tc.slept > 0 && !slices.Equal(w.clk.Slept(), []time.Duration{tc.slept}) {
				t.Errorf("slept %v, want [%v]", w.clk.Slept(), tc.slept)
			}
		})
	}
}

func getRepo(ctx context.Context, w *world, c *gogithub.Client) error {
	_, _, err := c.Repositories.Get(ctx, "acme", "widgets")
	return err
}

func createOp(ctx context.Context, w *world, c *gogithub.Client) error {
	_, err := w.comment(ctx, c, "x")
	return err
}

func react(ctx context.Context, w *world, c *gogithub.Client) error {
	_, _, err := c.Reactions.CreateIssueReaction(Idempotent(ctx), "acme", "widgets", w.issue, "eyes")
	return err
}

// The exhausted and the final failures say so.
func TestFailuresSayWhatHappened(t *testing.T) {
	w := newWorld(t)
	o := w.options()
	o.MaxAttempts = 2
	c := w.rest(o)
	w.f.Inject(githubfake.Fault{Match: "GET /repos/{o}/{r}", Kind: githubfake.ServerError, Status: 504, Times: 2})
	err := getRepo(context.Background(), w, c)
	if ae, ok := AsAPIError(err); !ok || !ae.Exhausted || ae.Attempts != 2 || ae.Kind != Transient || ae.Status != 504 {
		t.Errorf("exhausted: %v %+v", err, ae)
	}
	w.f.Inject(githubfake.Fault{Match: "GET /repos/{o}/{r}", Kind: githubfake.ServerError, Status: 404})
	err = getRepo(context.Background(), w, c)
	if !IsNotFound(err) {
		t.Errorf("a 404 reads as go-github's ErrorResponse: %v", err)
	}
}

// A request GitHub never answers is given up on when the injected clock passes the
// timeout: a read is asked again, a create of unknown outcome goes back. No real time
// passes: the fake's OnHold moves the clock.
func TestHangTimesOutOnTheInjectedClock(t *testing.T) {
	w := newWorld(t)
	o := w.options()
	o.Timeout = 10 * time.Second
	c := w.rest(o)
	hold := func() { w.clk.Advance(o.Timeout) }
	w.f.Inject(githubfake.Fault{Match: "GET /repos/{o}/{r}", Kind: githubfake.Hang, OnHold: hold})
	if err := getRepo(context.Background(), w, c); err != nil {
		t.Errorf("read after a hang: %v", err)
	}
	w.f.Inject(githubfake.Fault{Match: commentsRoute, Kind: githubfake.Hang, Applied: true, OnHold: hold})
	err := createOp(context.Background(), w, c)
	if ae, ok := AsAPIError(err); !ok || !ae.Unknown() || ae.Status != 0 || w.storedComments() != 1 {
		t.Errorf("create after a hang: %v", err)
	}
}

// Clients above the transport never see a rate limit's headers, so go-github keeps no
// memory of one.
func TestLimitHeadersAreHidden(t *testing.T) {
	w := newWorld(t)
	_, resp, err := w.rest(w.options()).Repositories.Get(context.Background(), "acme", "widgets")
	if err != nil {
		t.Fatal(err)
	}
	if resp.Rate.Limit != 0 || resp.Header.Get("X-RateLimit-Remaining") != "" {
		t.Errorf("rate-limit headers reached go-github: %+v", resp.Rate)
	}
}
