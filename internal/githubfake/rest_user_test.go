package githubfake_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"net/http"
	"testing"

	"github.com/bradleyfalzon/ghinstallation/v2"
	"github.com/google/go-github/v62/github"
)

// A user's token learns who it acts as, in GitHub's private-user shape.
func TestAuthenticatedUser(t *testing.T) {
	w := newWorld(t)
	nodeID := w.AddUser("alice", "User")
	u, resp, err := ghClient(t, w, userTok).Users.Get(context.Background(), "")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("get /user: %v", err)
	}
	if u.GetLogin() != "alice" || u.GetType() != "User" || u.GetNodeID() != nodeID || u.GetID() == 0 ||
		u.GetPlan().GetName() != "free" || !u.GetTwoFactorAuthentication() {
		t.Errorf("user = %+v", u)
	}

	sp := loadSpec(t)
	_, body := doREST(t, w.Fake, userTok, "GET", "/user", nil)
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	sch, ok := sp.responseSchema("GET", "/user", 200)
	if !ok {
		t.Fatal("no schema for GET /user")
	}
	for _, e := range append(sp.check(sch, v, "GET /user"),
		sp.check(map[string]any{"$ref": "#/components/schemas/private-user"}, v, "GET /user as private-user")...) {
		t.Error(e)
	}
}

// An App installation token acts as no user: GitHub answers 403 "Resource not accessible by
// integration", whether the token was minted through the App's JWT or is a bot's as given.
func TestAuthenticatedUserRefusesInstallationTokens(t *testing.T) {
	w := newWorld(t)
	w.AddInstallation(42, "war-room[bot]")
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	itr, err := ghinstallation.New(http.DefaultTransport, 7, 42,
		pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}))
	if err != nil {
		t.Fatal(err)
	}
	itr.BaseURL = w.URL()
	minted, err := github.NewClient(&http.Client{Transport: itr}).WithEnterpriseURLs(w.URL(), w.URL())
	if err != nil {
		t.Fatal(err)
	}
	for name, gh := range map[string]*github.Client{"minted": minted, "bot token": ghClient(t, w, botToken)} {
		_, resp, err := gh.Users.Get(context.Background(), "")
		var er *github.ErrorResponse
		if !errors.As(err, &er) || resp.StatusCode != 403 || er.Message != "Resource not accessible by integration" {
			t.Errorf("%s: %v", name, err)
		}
	}
	if len(w.CallsTo("POST /app/installations/{installation_id}/access_tokens")) != 1 {
		t.Errorf("the minted client never traded its JWT for a token")
	}

	resp, body := doREST(t, w.Fake, botToken, "GET", "/user", nil)
	var v any
	_ = json.Unmarshal(body, &v)
	sch, ok := loadSpec(t).responseSchema("GET", "/user", resp.StatusCode)
	if !ok {
		t.Fatalf("no schema for %d", resp.StatusCode)
	}
	for _, e := range loadSpec(t).check(sch, v, "GET /user 403") {
		t.Error(e)
	}
	if resp, _ := doREST(t, w.Fake, "", "GET", "/user", nil); resp.StatusCode != 401 {
		t.Errorf("no token: %d", resp.StatusCode)
	}
}
