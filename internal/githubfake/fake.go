package githubfake

import (
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// Fake is an in-memory GitHub served over loopback HTTP. All methods are safe for concurrent
// use; the HTTP handlers and the setup/inspection methods share one lock.
type Fake struct {
	t      testing.TB
	srv    *httptest.Server
	routes []route
	done   chan struct{} // closed at cleanup so slow faults stop sleeping

	mu            sync.Mutex
	now           func() time.Time
	st            *state
	calls         []Call
	faults        []*faultEntry
	before        []*beforeCall
	spacing       spacing
	searchLag     int
	searchCalls   int
	rate          map[string]*rateBucket
	requestSeq    int
	unimplemented map[string]bool
	// manifests are Apps made from a manifest, by the code that converts them once.
	manifests map[string]*manifestApp
}

// New starts a fake GitHub for the test. The server is closed by t.Cleanup, and the cleanup
// fails the test if an injected fault was never triggered.
func New(t testing.TB) *Fake {
	t.Helper()
	if _, err := Schema(); err != nil {
		t.Fatalf("githubfake: %v", err)
	}
	f := &Fake{
		t:             t,
		done:          make(chan struct{}),
		now:           time.Now,
		st:            newState(),
		rate:          map[string]*rateBucket{},
		unimplemented: map[string]bool{},
	}
	f.routes = f.restRoutes()
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.cleanup)
	return f
}

// URL is the REST API root (like GITHUB_API_URL: no trailing slash). Routes are served both
// at /repos/... and at /api/v3/repos/..., so go-github works with BaseURL = URL()+"/" and
// with WithEnterpriseURLs(URL(), URL()).
func (f *Fake) URL() string { return f.srv.URL }

// GraphQLURL is the GraphQL endpoint (like GITHUB_GRAPHQL_URL). /api/graphql is served too.
func (f *Fake) GraphQLURL() string { return f.srv.URL + "/graphql" }

// Client returns an HTTP client that sends token as a Bearer credential on every request.
func (f *Fake) Client(token string) *http.Client {
	return &http.Client{Transport: &bearer{token: token, base: f.srv.Client().Transport}}
}

// SetClock replaces the fake's clock (default time.Now). It drives timestamps, rate-limit
// resets and mutation spacing; slow faults still sleep in real time.
func (f *Fake) SetClock(now func() time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = now
}

func (f *Fake) cleanup() {
	close(f.done)
	f.srv.Close()
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, fe := range f.faults {
		if fe.fired < fe.times() {
			f.t.Errorf("githubfake: injected fault never triggered (%d of %d times): %s", fe.fired, fe.times(), fe.Fault)
		}
	}
	for _, b := range f.before {
		if !b.done {
			f.t.Errorf("githubfake: BeforeCall %q never triggered", b.match)
		}
	}
	var names []string
	for k := range f.unimplemented {
		names = append(names, k)
	}
	sort.Strings(names)
	if len(names) > 0 {
		f.t.Logf("githubfake: fields the fake does not implement were answered with null/zero: %s", strings.Join(names, ", "))
	}
}

type bearer struct {
	token string
	base  http.RoundTripper
}

func (b *bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.base.RoundTrip(r)
}
