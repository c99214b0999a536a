package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/session"
)

func init() {
	register(command{name: "publish", run: runPublish})
}

// githubFlags are what a command talking to Discussions needs besides the common flags.
type githubFlags struct {
	repo string
	as   string
}

func (g *githubFlags) register(fs *flag.FlagSet, repoUsage string) {
	fs.StringVar(&g.repo, "repo", "", repoUsage)
	fs.StringVar(&g.as, "as", "", "the login the token acts as (default: github-actions[bot] in Actions, else asked of the API)")
}

func runPublish(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "publish", "SESSION --repo OWNER/NAME")
	var cf commonFlags
	var gf githubFlags
	cf.register(fs)
	gf.register(fs, "repository to publish to, OWNER/NAME (token from GITHUB_TOKEN)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 || gf.repo == "" {
		return usageErr("publish takes one session id and --repo OWNER/NAME")
	}
	repo, err := discussions.ParseRepo(gf.repo)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	cfg, err := cf.discussionsConfig(e)
	if err != nil {
		return err
	}
	st, err := cf.openStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	if _, err := loadDecision(ctx, st, pos[0]); err != nil {
		return err
	}
	p, err := gf.publisher(e, cfg, st)
	if err != nil {
		return err
	}
	// The one session pipeline: a completed session is published (or its publication
	// completed, whatever interrupted it), exactly as the Action and the App do it.
	run := &session.Runner{Config: cfg, Store: st, Publisher: p,
		Profiles: func(context.Context) (engine.Profiles, error) { return nil, errors.New("nothing to deliberate") }}
	out := run.Run(ctx, session.Request{SessionID: pos[0], Repo: &repo, Publish: true})
	return publishOutcome(e, out, cf.json)
}

// publishOutcome says what the publication did: the reaffirmation noted, or the discussion.
func publishOutcome(e *env, out *session.Outcome, asJSON bool) error {
	if out.Err != nil {
		return exitErr(exitFailure, out.Err)
	}
	id := out.Session.ID
	if out.Reaffirmed > 0 {
		if out.ReaffirmedURL == "" { // Discussions unavailable: the publisher has warned why
			return exitErr(exitFailure, fmt.Errorf("session %s reaffirmed #%d, but no note was added to it", id, out.Reaffirmed))
		}
		fmt.Fprintf(e.stdout, "session %s reaffirmed #%d; a note was added to that discussion\n", id, out.Reaffirmed)
		return nil
	}
	res := out.Published
	if err := printPublished(e, res, asJSON); err != nil {
		return err
	}
	if res.Skipped != "" {
		// The publisher has warned why on stderr; publishing was the command's whole job, so
		// a script must not read this as success.
		return exitErr(exitFailure, fmt.Errorf("session %s was not published; publish again once that is fixed", id))
	}
	return nil
}

func printPublished(e *env, res *discussions.Result, asJSON bool) error {
	if asJSON {
		return printJSON(e, res)
	}
	if res.Skipped != "" {
		return nil
	}
	fmt.Fprintf(e.stdout, "published #%d %s\n", res.Number, res.URL)
	if res.LogNumber != 0 {
		fmt.Fprintf(e.stdout, "decision log: #%d\n", res.LogNumber)
	}
	for _, n := range res.Issues {
		fmt.Fprintf(e.stdout, "deferred item: issue #%d\n", n)
	}
	return nil
}

// loadDecision reads the decision a session sealed, refusing one whose record no longer
// verifies: what a person reads or war-room publishes must be what the session produced.
func loadDecision(ctx context.Context, st engine.Store, session string) (*decision.Decision, error) {
	// A session id that names nothing, or nothing finished, is a wrong argument: exit 2, as
	// every command says of it.
	if _, err := st.GetSession(ctx, session); errors.Is(err, engine.ErrNotFound) {
		return nil, exitErr(exitUsage, fmt.Errorf("no session %s in this store (see war-room decisions list)", session))
	}
	if _, err := st.GetArtifact(ctx, session, engine.DecisionArtifact); errors.Is(err, engine.ErrNotFound) {
		return nil, exitErr(exitUsage, fmt.Errorf("session %s has no decision (is it finished? see war-room decisions list)", session))
	}
	d, err := verify.Decision(ctx, st, session)
	if err != nil {
		return nil, exitErr(exitFailure, err)
	}
	return d, nil
}

// discussionsConfig loads the configuration for its Discussions settings only: no provider
// profile is needed to publish, so without a file the defaults apply.
func (c *commonFlags) discussionsConfig(e *env) (*config.Config, error) {
	path := c.config
	if path == "" {
		path = e.getenv("WAR_ROOM_CONFIG")
	}
	if path == "" {
		if _, err := os.Stat(config.DefaultPath); err == nil {
			path = config.DefaultPath
		}
	}
	if path == "" {
		return config.Default(), nil
	}
	return config.Load(path, protocols.Sections()...)
}

// reader is --repo and a publisher that only reads it: the configuration's Discussions settings
// (the category), no state kept.
func (g *githubFlags) reader(e *env, cf *commonFlags) (discussions.Repo, *discussions.Publisher, error) {
	repo, err := discussions.ParseRepo(g.repo)
	if err != nil {
		return discussions.Repo{}, nil, exitErr(exitUsage, err)
	}
	cfg, err := cf.discussionsConfig(e)
	if err != nil {
		return discussions.Repo{}, nil, err
	}
	p, err := g.publisher(e, cfg, nil)
	return repo, p, err
}

// publisher builds a Discussions publisher from GITHUB_TOKEN, GITHUB_API_URL and
// GITHUB_GRAPHQL_URL (GitHub Enterprise Server), keeping its state in the store (nil: in
// memory, for commands that only read).
func (g *githubFlags) publisher(e *env, cfg *config.Config, st engine.Store) (*discussions.Publisher, error) {
	token := e.getenv("GITHUB_TOKEN")
	if token == "" {
		return nil, usageErr("GITHUB_TOKEN is not set")
	}
	api, gql := e.getenv("GITHUB_API_URL"), e.getenv("GITHUB_GRAPHQL_URL")
	if api == "" {
		api = "https://api.github.com"
	}
	if gql == "" {
		gql = graphQLURLFor(api)
	}
	login := g.as
	if login == "" && e.getenv("GITHUB_ACTIONS") == "true" {
		login = "github-actions[bot]"
	}
	dc := cfg.GitHub.Discussions
	var state discussions.StateStore
	if st != nil {
		state = discussions.RecordState{Store: st}
	}
	p := discussions.New(discussions.Options{APIURL: api, GraphQLURL: gql, Login: login,
		HTTPClient: &http.Client{Transport: tokenTransport(token)}, State: state,
		Category: dc.Category, Labels: dc.Labels, MutationSpacing: dc.MutationSpacing, DeferredIssues: dc.DeferredIssues})
	p.Warn = func(msg string) { fmt.Fprintln(e.stderr, "warning:", msg) }
	p.Progress = func(step string) { fmt.Fprintln(e.stderr, "publishing: "+step) }
	return p, nil
}

// graphQLURLFor derives the GraphQL endpoint from the REST root: api.github.com/graphql, or
// HOST/api/graphql for GitHub Enterprise Server's HOST/api/v3.
func graphQLURLFor(api string) string {
	api = strings.TrimSuffix(api, "/")
	if base, ok := strings.CutSuffix(api, "/api/v3"); ok {
		return base + "/api/graphql"
	}
	return api + "/graphql"
}
