package discussions

import (
	"context"
	"net/http"
	"sync"
	"time"

	gogithub "github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/engine/wait"
	"github.com/war-room/war-room/internal/github"
)

// Defaults of a Publisher.
const (
	defaultCategory        = "decisions"
	defaultLabel           = "war-room"
	defaultMutationSpacing = time.Second
	defaultMaxAttempts     = 6
	defaultRequestTimeout  = 30 * time.Second
	defaultCacheTTL        = 10 * time.Minute
)

// Options configure a Publisher. Zero values take the defaults above, except
// MutationSpacing, whose zero is no pause.
type Options struct {
	// APIURL is the REST API root (GITHUB_API_URL), needed only for deferred-item issues.
	APIURL string
	// GraphQLURL is the GraphQL endpoint (GITHUB_GRAPHQL_URL; GitHub Enterprise Server's is
	// https://HOST/api/graphql).
	GraphQLURL string
	// HTTPClient authenticates requests (e.g. an oauth2 or ghinstallation transport). When
	// it goes through a github.Transport already (the bot's connection), the publisher's
	// writes share that transport's Key, spacing registry, limiter and clock.
	HTTPClient *http.Client
	// Login is the account the token acts as ("name[bot]" for an App, "github-actions[bot]"
	// for an Actions GITHUB_TOKEN). Markers are trusted only on its writes. Empty: asked of
	// GitHub with `viewer`, which works for personal tokens only.
	Login string
	// State remembers what was written; nil keeps it in memory for this Publisher only.
	State StateStore
	// Category is the discussion category's slug.
	Category string
	// Labels are applied to every decision besides the type label and matching topics.
	Labels []string
	// MutationSpacing is the least time between two writes under the connection's Key,
	// this publisher's and every other client's of the process (on a Shared Key, an App
	// installation's, between two writes for the connection's repository). GitHub asks for
	// one second (DefaultMutationSpacing, config's default); zero means no pause.
	MutationSpacing time.Duration
	// DeferredIssues opens one issue per deferred item of a decision.
	DeferredIssues bool
}

// Publisher publishes decisions to GitHub Discussions. Its methods are safe to call again
// after any failure: each run lists what exists and writes only what is missing. A
// Publisher runs one operation at a time; writes are spaced per installation or token
// across the process by internal/github, however many publishers there are.
type Publisher struct {
	// Now is the clock (default: the connection's, else time.Now); Sleep waits (default:
	// the connection's, else a timer honouring ctx). Tests replace both so that spacing and
	// backoff need no real waiting.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
	// MaxAttempts bounds the tries of one call; RequestTimeout bounds one request.
	MaxAttempts    int
	RequestTimeout time.Duration
	// CacheTTL is how long a repository lookup is reused.
	CacheTTL time.Duration
	// Warn receives warnings (missing labels, a category that is not answerable, a retry);
	// default: dropped.
	Warn func(msg string)
	// Progress, when set, hears each write of a publication as it starts ("comment 3 of 8
	// (assessment)"), for a person waiting on the CLI; it is never told anything secret.
	Progress func(step string)

	Category        string
	Labels          []string
	MutationSpacing time.Duration
	DeferredIssues  bool
	Login           string

	state StateStore
	rest  *gogithub.Client
	opMu  sync.Mutex // one publish at a time
	c     *client
	// base are the connection's transport options, which begin overlays with the fields.
	base github.Options

	mu    sync.Mutex
	cache map[string]*repoInfo
}

// New returns a Publisher for opts.
func New(opts Options) *Publisher {
	p := &Publisher{
		Now: time.Now, Sleep: wait.Sleep, MaxAttempts: defaultMaxAttempts,
		RequestTimeout: defaultRequestTimeout, CacheTTL: defaultCacheTTL,
		Category: opts.Category, Labels: opts.Labels, MutationSpacing: opts.MutationSpacing,
		DeferredIssues: opts.DeferredIssues, Login: opts.Login, state: opts.State, cache: map[string]*repoInfo{},
	}
	if p.Category == "" {
		p.Category = defaultCategory
	}
	if p.Labels == nil {
		p.Labels = []string{defaultLabel}
	}
	if p.state == nil {
		p.state = MemoryState{}
	}
	var hc *http.Client
	p.c, hc = newClient(opts.HTTPClient, opts.GraphQLURL, opts.Login)
	p.base = p.c.t.Options()
	if p.base.Now != nil {
		p.Now = p.base.Now
	}
	if p.base.Sleep != nil {
		p.Sleep = p.base.Sleep
	}
	if opts.APIURL != "" {
		p.rest, _ = github.REST(hc, opts.APIURL) // a URL that does not parse keeps github.com
	}
	return p
}

func (p *Publisher) now() time.Time { return p.Now() }

// progress reports one step of a publication to Progress, when set.
func (p *Publisher) progress(step string) {
	if p.Progress != nil {
		p.Progress(step)
	}
}

func (p *Publisher) warn(format string) {
	if p.Warn != nil {
		p.Warn(format)
	}
}

// begin locks the publisher for one operation and hands the injected fields to its
// transport.
func (p *Publisher) begin() func() {
	p.opMu.Lock()
	o := p.base
	o.Now, o.Sleep, o.MaxAttempts, o.Timeout = p.Now, p.Sleep, p.MaxAttempts, p.RequestTimeout
	o.SetSpacing(p.MutationSpacing)
	o.Warn = p.warn
	p.c.t.SetOptions(o)
	return p.opMu.Unlock
}

// Requests returns how many GitHub requests the publisher has sent.
func (p *Publisher) Requests() int { return int(p.c.requests.Load()) }

// retry runs attempt until it succeeds, fails for good or MaxAttempts are spent, waiting
// between attempts as GitHub asks. Each attempt starts over from what exists, so a write
// whose outcome was unknown is found before anything is written again.
func (p *Publisher) retry(ctx context.Context, what string, attempt func(context.Context) error) error {
	var err error
	for n := 0; n < p.MaxAttempts; n++ {
		if err = attempt(ctx); err == nil || !retryable(err) {
			return err
		}
		if n == p.MaxAttempts-1 {
			break
		}
		wait := github.Backoff(err, n, p.now())
		p.warn(what + ": " + err.Error() + "; retrying in " + wait.String())
		if serr := p.Sleep(ctx, wait); serr != nil {
			return serr
		}
	}
	return err
}
