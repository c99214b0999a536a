package discussions

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/google/go-github/v62/github"
	"github.com/shurcooL/githubv4"
)

// client sends GraphQL documents through githubv4, serialises mutations with a minimum
// spacing between them, bounds each request with a timeout, and turns every failure into a
// classified *APIError.
type client struct {
	gql     *githubv4.Client
	now     func() time.Time
	sleep   func(context.Context, time.Duration) error
	spacing time.Duration
	timeout time.Duration
	// lastWrite is when the previous mutation's answer (or failure) arrived.
	lastWrite time.Time
	requests  atomic.Int64
}

// recordingClient copies hc (default http.DefaultClient) with the recorder transport.
func recordingClient(hc *http.Client) *http.Client {
	if hc == nil {
		hc = http.DefaultClient
	}
	base := hc.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	wrapped := *hc
	wrapped.Transport = recorder{base: base}
	return &wrapped
}

// newREST returns a go-github client rooted at apiURL (GITHUB_API_URL: api.github.com, or
// GitHub Enterprise Server's https://HOST/api/v3).
func newREST(apiURL string, hc *http.Client) *github.Client {
	c := github.NewClient(hc)
	if u, err := url.Parse(strings.TrimSuffix(apiURL, "/") + "/"); err == nil {
		c.BaseURL = u
	}
	return c
}

// query runs a read; op names it in errors.
func (c *client) query(ctx context.Context, op string, q any, vars map[string]any) error {
	return c.do(ctx, op, func(ctx context.Context) error { return c.gql.Query(ctx, q, vars) }, false)
}

// mutate runs a GraphQL write.
func (c *client) mutate(ctx context.Context, op string, m any, in githubv4.Input, vars map[string]any) error {
	return c.do(ctx, op, func(ctx context.Context) error { return c.gql.Mutate(ctx, m, in, vars) }, true)
}

// do sends one request through send, bounded by the request timeout. A write first waits
// out the spacing since the previous write's answer, GraphQL or REST alike.
func (c *client) do(ctx context.Context, op string, send func(context.Context) error, write bool) error {
	if write {
		if err := c.space(ctx); err != nil {
			return err
		}
		defer func() { c.lastWrite = c.now() }()
	}
	x := &exchange{}
	rctx, cancel := context.WithTimeout(withExchange(ctx, x), c.timeout)
	defer cancel()
	c.requests.Add(1)
	err := send(rctx)
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err() // the caller gave up: not a GitHub failure
	}
	return classify(op, err, x)
}

func (c *client) space(ctx context.Context) error {
	if c.lastWrite.IsZero() {
		return nil
	}
	if wait := c.lastWrite.Add(c.spacing).Sub(c.now()); wait > 0 {
		return c.sleep(ctx, wait)
	}
	return nil
}

// classify maps what happened to a Kind: rate limits by status, headers or error type;
// 5xx, timeouts and dropped connections transient; a schema or permission error permanent.
func classify(op string, err error, x *exchange) *APIError {
	e := &APIError{Op: op, Kind: Transient, Status: x.status, Err: err}
	if !x.replied {
		return e // no answer: timeout or transport error; the write may have happened
	}
	e.RetryAfter, e.Reset = x.limits()
	for _, ge := range x.errors {
		e.Messages = append(e.Messages, ge.Message)
		e.NotFound = e.NotFound || strings.EqualFold(ge.Type, "NOT_FOUND")
	}
	if len(e.Messages) == 0 && x.message != "" {
		e.Messages = []string{x.message}
	}
	switch {
	case x.status == http.StatusTooManyRequests, x.status == http.StatusForbidden && (e.RetryAfter > 0 || !e.Reset.IsZero() || mentionsRateLimit(err)):
		e.Kind = RateLimited
	case x.status >= 500:
		e.Kind = Transient
	case x.status != http.StatusOK:
		e.Kind = Permanent
	default:
		e.Kind = classifyGraphQL(x.errors)
	}
	return e
}

// classifyGraphQL judges an HTTP 200 that carried an errors array. A failure is never read
// as success, whatever data came with it.
func classifyGraphQL(errs []gqlError) Kind {
	kind := Transient // GitHub's "Something went wrong while executing your query"
	for _, ge := range errs {
		switch strings.ToUpper(ge.Type) {
		case "RATE_LIMITED", "RATE_LIMIT":
			return RateLimited
		case "NOT_FOUND", "FORBIDDEN", "UNPROCESSABLE", "INSUFFICIENT_SCOPES", "ARGUMENT_ERROR":
			kind = Permanent
		}
		if _, ok := ge.Extensions["code"]; ok {
			kind = Permanent // a schema validation error: the document itself is wrong
		}
		if strings.HasPrefix(ge.Message, "Parse error") {
			kind = Permanent
		}
	}
	return kind
}

func mentionsRateLimit(err error) bool {
	return err != nil && strings.Contains(strings.ToLower(err.Error()), "rate limit")
}
