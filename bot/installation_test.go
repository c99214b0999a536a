package bot

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// appBot is the login of the test App's installations.
const appBot = "war-room[bot]"

// newAppKey generates a real RSA key for the test App, PEM-encoded as GitHub hands it out.
func newAppKey(t *testing.T) []byte {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
}

func newAppFake(t *testing.T) *githubfake.Fake {
	t.Helper()
	f := githubfake.New(t)
	f.AddRepo(testOwner, testRepoName, githubfake.RepoOptions{DiscussionsEnabled: true})
	f.AddInstallation(77, appBot)
	return f
}

func TestInstallationActsAsTheAppBot(t *testing.T) {
	f := newAppFake(t)
	f.AddInstallation(78, appBot)
	ctx := context.Background()
	a, err := NewAppClients(ctx, AppCredentials{AppID: 7, PrivateKey: newAppKey(t), APIURL: f.URL(), Slug: "war-room"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Login() != appBot {
		t.Errorf("login %q", a.Login())
	}
	g, err := a.Installation(77)
	if err != nil {
		t.Fatal(err)
	}
	if g.GraphQLURL != f.GraphQLURL() || g.Login != appBot {
		t.Errorf("connection: graphql %s, login %s", g.GraphQLURL, g.Login)
	}
	n := f.AddIssue(testRepo, 0, "Q", "body", "alice")
	var wg sync.WaitGroup
	for _, id := range []int64{77, 77, 78} { // two installations refresh at once: no shared state
		wg.Go(func() {
			g, err := a.Installation(id)
			if err == nil {
				_, err = g.Reply(ctx, Repo{Owner: testOwner, Name: testRepoName}, n, "hello")
			}
			if err != nil {
				t.Errorf("installation %d: %v", id, err)
			}
		})
	}
	wg.Wait()
	for _, c := range f.IssueComments(testRepo, n) {
		if c.Author != appBot {
			t.Errorf("comment by %s", c.Author)
		}
	}
	if again, _ := a.Installation(77); again != g {
		t.Error("a second connection was built for the same installation")
	}
	if got := len(f.CallsTo("POST /app/installations/{installation_id}/access_tokens")); got != 2 {
		t.Errorf("%d tokens minted for two installations, want 2 (one each, then reused)", got)
	}
}

func TestInstallationUnknownFailsOnUse(t *testing.T) {
	f := newAppFake(t)
	a, err := NewAppClients(context.Background(), AppCredentials{AppID: 7, PrivateKey: newAppKey(t), APIURL: f.URL() + "/", Slug: "war-room"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := a.Installation(99)
	if err != nil {
		t.Fatal(err)
	}
	n := f.AddIssue(testRepo, 0, "Q", "body", "alice")
	if _, err := g.Reply(context.Background(), Repo{Owner: testOwner, Name: testRepoName}, n, "x"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("reply through an unknown installation: %v", err)
	}
	if _, err := a.Installation(0); err == nil {
		t.Error("installation 0 accepted")
	}
}

func TestAppClientsRefuseBadCredentials(t *testing.T) {
	ctx := context.Background()
	if _, err := NewAppClients(ctx, AppCredentials{AppID: 7, PrivateKey: []byte("not a key"), Slug: "x"}, nil); err == nil {
		t.Error("a bad key was accepted")
	}
	if _, err := NewAppClients(ctx, AppCredentials{PrivateKey: newAppKey(t), Slug: "x"}, nil); err == nil {
		t.Error("a missing App ID was accepted")
	}
}

// The fake GitHub has no GET /app, so the slug lookup is tested against a server that
// answers it as GitHub documents: the App's JSON for a valid App JWT, 401 otherwise.
func TestAppSlugFromGitHub(t *testing.T) {
	var status int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth := r.Header.Get("Authorization")
		if r.URL.Path != "/api/v3/app" || !strings.HasPrefix(auth, "Bearer ") || strings.Count(auth, ".") != 2 {
			http.Error(w, `{"message":"Not Found"}`, http.StatusNotFound)
			return
		}
		w.WriteHeader(status)
		w.Write([]byte(`{"id":7,"slug":"deliberator","name":"Deliberator"}`))
	}))
	defer srv.Close()
	creds := AppCredentials{AppID: 7, PrivateKey: newAppKey(t), APIURL: srv.URL + "/api/v3"}
	status = http.StatusOK
	a, err := NewAppClients(context.Background(), creds, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Login() != "deliberator[bot]" {
		t.Errorf("login %q", a.Login())
	}
	if g, _ := a.Installation(1); g.GraphQLURL != srv.URL+"/api/graphql" {
		t.Errorf("Enterprise Server GraphQL URL %s", g.GraphQLURL)
	}
	status = http.StatusUnauthorized
	if _, err := NewAppClients(context.Background(), creds, nil); err == nil || !strings.Contains(err.Error(), "401") {
		t.Errorf("a refused App JWT: %v", err)
	}
}

func TestGraphQLURLFor(t *testing.T) {
	for in, want := range map[string]string{
		"https://api.github.com":          "https://api.github.com/graphql",
		"https://api.github.com/":         "https://api.github.com/graphql",
		"https://ghe.example.com/api/v3":  "https://ghe.example.com/api/graphql",
		"https://ghe.example.com/api/v3/": "https://ghe.example.com/api/graphql",
		"http://127.0.0.1:8080":           "http://127.0.0.1:8080/graphql",
	} {
		if got := graphQLURLFor(in); got != want {
			t.Errorf("GraphQLURLFor(%s) = %s, want %s", in, got, want)
		}
	}
}
