package discussions

import (
	"context"
	"net/http"
	"sync/atomic"

	"github.com/shurcooL/githubv4"
	"github.com/war-room/war-room/internal/github"
)

// client sends GraphQL documents through githubv4 and the REST calls through go-github,
// both over the publisher's own github.Transport (spacing, retries, timeouts, judging the
// answer), and names every failure by the call that failed.
type client struct {
	gql      *githubv4.Client
	t        *github.Transport
	requests atomic.Int64
}

// newClient returns a client over hc's transport: a github.Transport already (the bot's
// connection, whose Key and clock are kept), or one made here under a Key of graphQLURL
// and login.
func newClient(hc *http.Client, graphQLURL, login string) (*client, *http.Client) {
	if hc == nil {
		hc = http.DefaultClient
	}
	var t *github.Transport
	if base, ok := github.TransportOf(hc); ok {
		t = base.Derive(func(*github.Options) {})
	} else {
		t = github.NewTransport(hc.Transport, github.Options{Key: "graphql:" + graphQLURL + "|" + login})
	}
	wrapped := *hc
	wrapped.Transport = t
	return &client{gql: githubv4.NewEnterpriseClient(graphQLURL, &wrapped), t: t}, &wrapped
}

// query runs a read; op names it in errors.
func (c *client) query(ctx context.Context, op string, q any, vars map[string]any) error {
	return c.do(ctx, op, func(ctx context.Context) error { return c.gql.Query(ctx, q, vars) })
}

// mutate runs a GraphQL write.
func (c *client) mutate(ctx context.Context, op string, m any, in githubv4.Input, vars map[string]any) error {
	return c.do(ctx, op, func(ctx context.Context) error { return c.gql.Mutate(ctx, m, in, vars) })
}

// do sends one request through send; a failure comes back as an *APIError named op.
func (c *client) do(ctx context.Context, op string, send func(context.Context) error) error {
	c.requests.Add(1)
	err := send(ctx)
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return ctx.Err() // the caller gave up: not a GitHub failure
	}
	if ae, ok := github.AsAPIError(err); ok {
		named := *ae
		named.Op = op
		return &named
	}
	return err
}
