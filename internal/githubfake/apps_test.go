package githubfake_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bradleyfalzon/ghinstallation/v2"
	"github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/internal/githubfake"
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

// A manifest without its required fields is refused, as GitHub's page refuses it; a code
// converts once, without authentication, into the App's id, key and webhook secret.
func TestAppManifestConversion(t *testing.T) {
	f := githubfake.New(t)
	if _, err := f.CreateAppFromManifest("acme", []byte(`{"name":"x","url":"https://e.example"}`)); err == nil {
		t.Error("a manifest with no hook_attributes.url was accepted")
	}
	if _, err := f.CreateAppFromManifest("acme", []byte(`{"url":"https://e.example","hook_attributes":{"url":"https://e.example/webhook"},"redirect_url":"http://127.0.0.1/cb","default_permissions":{"issues":"all"}}`)); err == nil {
		t.Error("a permission level that is not read, write or admin was accepted")
	}
	code, err := f.CreateAppFromManifest("acme", []byte(`{"name":"Deliberator","url":"https://e.example","hook_attributes":{"url":"https://e.example/webhook"},"redirect_url":"http://127.0.0.1/cb","default_permissions":{"issues":"write"},"default_events":["issue_comment"]}`))
	if err != nil {
		t.Fatal(err)
	}
	post := func() (*http.Response, map[string]any) {
		resp, err := http.Post(f.URL()+"/app-manifests/"+code+"/conversions", "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp, out
	}
	resp, app := post()
	if resp.StatusCode != http.StatusCreated || app["slug"] != "deliberator" || !strings.Contains(app["pem"].(string), "PRIVATE KEY") || app["webhook_secret"] == "" {
		t.Fatalf("conversion: %d %v", resp.StatusCode, app)
	}
	if resp, _ := post(); resp.StatusCode != http.StatusNotFound {
		t.Errorf("a second conversion of the code: %d", resp.StatusCode)
	}
}
