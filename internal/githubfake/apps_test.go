package githubfake_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"net/http"
	"testing"
	"time"

	"github.com/bradleyfalzon/ghinstallation/v2"
	"github.com/google/go-github/v62/github"
)

// An App authenticates the way war-room serve does: ghinstallation signs a JWT, trades it
// for an installation token at the fake, and the token acts as the App's bot.
func TestInstallationTokenThroughGhinstallation(t *testing.T) {
	w := newWorld(t)
	w.AddInstallation(42, "war-room[bot]")
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	itr, err := ghinstallation.New(http.DefaultTransport, 7, 42, pemKey)
	if err != nil {
		t.Fatal(err)
	}
	itr.BaseURL = w.URL()
	gh, err := github.NewClient(&http.Client{Transport: itr}).WithEnterpriseURLs(w.URL(), w.URL())
	if err != nil {
		t.Fatal(err)
	}
	n := w.AddIssue(repoName, 0, "Q", "b", "alice")
	c, _, err := gh.Issues.CreateComment(context.Background(), "acme", "widgets", n, &github.IssueComment{Body: github.String("hi")})
	if err != nil || c.GetUser().GetLogin() != "war-room[bot]" {
		t.Fatalf("comment as the installation: %v %+v", err, c)
	}
	tokens := w.CallsTo("POST /app/installations/{installation_id}/access_tokens")
	if len(tokens) != 1 || tokens[0].Status != 201 {
		t.Errorf("token calls = %+v", tokens)
	}

	atr, _ := ghinstallation.NewAppsTransport(http.DefaultTransport, 7, pemKey)
	atr.BaseURL = w.URL()
	resp, err := (&http.Client{Transport: atr}).Get(w.URL() + "/repos/acme/widgets/installation")
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("repo installation: %v %v", err, resp)
	}
}

func TestInstallationTokenNeedsAJWTAndExpires(t *testing.T) {
	w := newWorld(t)
	w.AddInstallation(42, "war-room[bot]")
	for name, tok := range map[string]string{
		"no token":   "",
		"not a JWT":  "ghp_alice",
		"bad header": "e30.e30.sig",
	} {
		resp, body := doREST(t, w.Fake, "", "POST", "/app/installations/42/access_tokens", nil, "Authorization", "Bearer "+tok)
		if resp.StatusCode != 401 {
			t.Errorf("%s: %d %s", name, resp.StatusCode, body)
		}
	}

	// Tokens last an hour by the fake's clock.
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	w.SetClock(func() time.Time { return now })
	key, _ := rsa.GenerateKey(rand.Reader, 2048)
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	itr, _ := ghinstallation.New(http.DefaultTransport, 7, 42, pemKey)
	itr.BaseURL = w.URL()
	token, err := itr.Token(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if resp, _ := doREST(t, w.Fake, token, "GET", "/repos/acme/widgets", nil); resp.StatusCode != 200 {
		t.Errorf("fresh token: %d", resp.StatusCode)
	}
	now = now.Add(61 * time.Minute)
	if resp, _ := doREST(t, w.Fake, token, "GET", "/repos/acme/widgets", nil); resp.StatusCode != 401 {
		t.Errorf("expired token: %d", resp.StatusCode)
	}
}
