package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bradleyfalzon/ghinstallation/v2"
	wr "github.com/war-room/war-room/internal/github"
)

// clientCreator hands out GitHub connections that act as the App in one installation: the
// App's counterpart of the Action's single GITHUB_TOKEN connection.
type clientCreator interface {
	// Installation returns a connection acting as the App's bot in installation id. Its
	// token is minted on the first request and refreshed by the transport before it
	// expires, so an installation GitHub does not know fails that first request, not this
	// call. The error is for a connection that cannot be built at all.
	Installation(id int64) (*gitHub, error)
}

var _ clientCreator = (*AppClients)(nil)

// defaultAPIURL is github.com's REST root.
const defaultAPIURL = "https://api.github.com"

// AppCredentials identify a GitHub App and the GitHub it lives on.
type AppCredentials struct {
	AppID int64
	// PrivateKey is the App's private key, PEM-encoded.
	PrivateKey []byte
	// APIURL is the REST root ("" is github.com; Enterprise Server's ends in /api/v3).
	APIURL string
	// GraphQLURL is the GraphQL endpoint ("" is derived from APIURL).
	GraphQLURL string
	// Slug is the App's URL name; its comments appear as "<slug>[bot]". "" asks GitHub
	// (GET /app) once, at NewAppClients.
	Slug string
}

// AppClients is a ClientCreator over ghinstallation: one installation transport per
// installation, kept so that its token is reused until it is due for refresh. Each has its
// own App JWT transport because ghinstallation's token refresh writes to the App transport
// it was made from, so two installations sharing one would race.
type AppClients struct {
	appID              int64
	key                []byte
	base               http.RoundTripper
	apiURL, graphQLURL string
	login              string

	mu     sync.Mutex
	byID   map[int64]*gitHub
	limit  time.Duration
	writes wr.Options
}

// githubTimeout bounds one request to GitHub, as the Action's client does.
const githubTimeout = 60 * time.Second

// NewAppClients checks the key and learns the App's bot login. base carries the requests
// (nil: http.DefaultTransport).
func NewAppClients(ctx context.Context, c AppCredentials, base http.RoundTripper) (*AppClients, error) {
	if base == nil {
		base = http.DefaultTransport
	}
	if c.AppID <= 0 {
		return nil, errors.New("GitHub App: the App ID is missing")
	}
	apps, err := ghinstallation.NewAppsTransport(base, c.AppID, c.PrivateKey)
	if err != nil {
		return nil, fmt.Errorf("GitHub App %d: private key: %w", c.AppID, err)
	}
	api := strings.TrimSuffix(c.APIURL, "/")
	if api == "" {
		api = defaultAPIURL
	}
	apps.BaseURL = api
	gql := c.GraphQLURL
	if gql == "" {
		gql = graphQLURLFor(api)
	}
	a := &AppClients{appID: c.AppID, key: c.PrivateKey, base: base, apiURL: api, graphQLURL: gql, writes: wr.Options{Spacing: wr.DefaultSpacing},
		byID: map[int64]*gitHub{}, limit: githubTimeout}
	slug := c.Slug
	if slug == "" {
		if slug, err = a.appSlug(ctx, apps); err != nil {
			return nil, err
		}
	}
	a.login = slug + "[bot]"
	return a, nil
}

// UseWrites sets what every installation's write layer shares besides its Key (one per
// installation, Shared by its repositories): the installation's spacing (the operator's, the
// same for every repository; zero is no pause, and a repository's own spacing still holds),
// the clock, a Limiter that spaces writes across replicas sharing a database, warnings. Call
// it before the first Installation; until then the spacing is wr.DefaultSpacing.
func (a *AppClients) UseWrites(o wr.Options) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.writes = o
}

// Login is the account the App's writes appear under.
func (a *AppClients) Login() string { return a.login }

// Installation returns the connection of installation id, built once.
func (a *AppClients) Installation(id int64) (*gitHub, error) {
	if id <= 0 {
		return nil, fmt.Errorf("GitHub App: installation id %d", id)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if g := a.byID[id]; g != nil {
		return g, nil
	}
	tr, err := ghinstallation.New(a.base, a.appID, id, a.key)
	if err != nil {
		return nil, fmt.Errorf("GitHub App %d: installation %d: %w", a.appID, id, err)
	}
	tr.BaseURL = a.apiURL
	o := a.writes
	o.Key, o.Shared = fmt.Sprintf("installation:%s/%d", a.apiURL, id), true
	hc := wr.Wrap(&http.Client{Transport: tr, Timeout: a.limit}, o)
	g, err := NewGitHub(hc, a.apiURL, a.graphQLURL, a.login)
	if err != nil {
		return nil, err
	}
	a.byID[id] = g
	return g, nil
}

// appSlug asks GitHub who the App is (GET /app, authenticated by the App JWT). A wrong App
// ID or key fails here, at start, rather than on the first delivery.
func (a *AppClients) appSlug(ctx context.Context, apps *ghinstallation.AppsTransport) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.apiURL+"/app", nil)
	if err != nil {
		return "", fmt.Errorf("GitHub App: %w", err)
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	resp, err := (&http.Client{Transport: apps, Timeout: a.limit}).Do(req)
	if err != nil {
		return "", fmt.Errorf("GitHub App: GET /app: %w", err)
	}
	defer resp.Body.Close()
	var app struct {
		Slug string `json:"slug"`
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GitHub App: GET /app answered %s (check the App ID and private key)", resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(&app); err != nil || app.Slug == "" {
		return "", fmt.Errorf("GitHub App: GET /app gave no slug (%v)", err)
	}
	return app.Slug, nil
}

// graphQLURLFor is the GraphQL endpoint beside a REST root: /graphql on github.com, and
// /api/graphql beside Enterprise Server's /api/v3.
func graphQLURLFor(apiURL string) string {
	u := strings.TrimSuffix(apiURL, "/")
	if base, ok := strings.CutSuffix(u, "/api/v3"); ok {
		return base + "/api/graphql"
	}
	return u + "/graphql"
}
