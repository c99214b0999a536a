package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	wr "github.com/war-room/war-room/internal/github"
)

// appManifest is the GitHub App manifest war-room registers itself with: the permissions and
// events docs/app.md lists, the webhook at publicURL, and the way back to this process.
func appManifest(name, publicURL, redirect string) map[string]any {
	return map[string]any{
		"name": name, "url": "https://github.com/war-room/war-room", "public": false,
		"hook_attributes": map[string]any{"url": strings.TrimSuffix(publicURL, "/") + "/webhook", "active": true},
		"redirect_url":    redirect,
		"description":     "Multi-vendor model deliberations and review lanes, recorded in Discussions.",
		"default_permissions": map[string]string{"contents": "read", "issues": "write", "pull_requests": "write",
			"discussions": "write", "checks": "write", "metadata": "read"},
		"default_events": []string{"issue_comment", "discussion_comment", "pull_request"},
	}
}

// registerFlags are serve --register's: where the App will be reached, whose it is, what it
// is called, where its credentials go.
type registerFlags struct {
	on                            bool
	publicURL, org, envFile, name string
}

// registerApp runs GitHub's App manifest flow: a page on --addr posts the manifest to
// GitHub's "new App" page, GitHub sends the browser back with a code, and the code is
// exchanged (POST /app-manifests/{code}/conversions) for the App's id, private key and
// webhook secret, written to the env file (mode 0600) that serve --env-file reads.
func (s *serveFlags) registerApp(ctx context.Context, e *env, log *slog.Logger) error {
	r := s.reg
	if r.publicURL == "" {
		return usageErr("--register needs --public-url: the https address GitHub will send webhooks to (its /webhook)")
	}
	if u, err := url.Parse(r.publicURL); err != nil || u.Scheme == "" || u.Host == "" {
		return usageErr("--public-url %q is not an absolute URL", r.publicURL)
	}
	if _, err := os.Stat(r.envFile); err == nil {
		return usageErr("%s exists: war-room will not overwrite an App's credentials (move it, or give --env-file another file)", r.envFile)
	}
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return exitErr(exitUsage, fmt.Errorf("--addr %s: %w", s.addr, err))
	}
	defer ln.Close()
	state := randomHex(16)
	local := "http://" + ln.Addr().String()
	web := strings.TrimSuffix(orEnv("", e, "GITHUB_SERVER_URL"), "/")
	if web == "" {
		web = "https://github.com"
	}
	newApp := web + "/settings/apps/new"
	if r.org != "" {
		newApp = web + "/organizations/" + url.PathEscape(r.org) + "/settings/apps/new"
	}
	manifest, _ := json.Marshal(appManifest(r.name, r.publicURL, local+"/callback"))
	done := make(chan error, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>Register war-room</title>
<h1>Register war-room as a GitHub App</h1>
<p>GitHub will show the App's name, permissions (contents read; issues, pull requests, discussions and checks write) and events (issue comments, pull requests), with its webhook at %s. Confirm there, and you come back here.</p>
<form method="post" action="%s?state=%s"><input type="hidden" name="manifest" value="%s"><button type="submit">Create the App on GitHub</button></form>`,
			html.EscapeString(strings.TrimSuffix(r.publicURL, "/")+"/webhook"), html.EscapeString(newApp), state, html.EscapeString(string(manifest)))
	})
	mux.HandleFunc("GET /callback", func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Query().Get("state") != state {
			http.Error(w, "this page was not opened by this war-room register: its state does not match", http.StatusForbidden)
			return
		}
		code := req.URL.Query().Get("code")
		app, err := convertManifest(req.Context(), e, code)
		if err == nil {
			err = writeEnvFile(r.envFile, app)
		}
		if err != nil {
			http.Error(w, "war-room could not finish the registration: "+err.Error(), http.StatusBadGateway)
			done <- err
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>war-room registered</title><h1>%s is registered</h1>
<p>Its credentials are in %s. <a href="%s/installations/new">Install it</a> on your repositories, then run <code>war-room serve --env-file %s</code>.</p>`,
			html.EscapeString(app.Slug), html.EscapeString(r.envFile), html.EscapeString(app.HTMLURL), html.EscapeString(r.envFile))
		fmt.Fprintf(e.stderr, "Registered %s (App ID %d); its credentials are in %s (mode 0600).\nInstall it: %s/installations/new\nThen run: war-room serve --env-file %s\n",
			app.Slug, app.ID, r.envFile, app.HTMLURL, r.envFile)
		done <- nil
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	log.Info("registering", "addr", ln.Addr().String())
	fmt.Fprintf(e.stderr, "Open %s/ in a browser to register the App on GitHub (its webhook: %s/webhook).\n", local, strings.TrimSuffix(r.publicURL, "/"))
	select {
	case err := <-done:
		if err != nil {
			return err
		}
		// Let the browser have its page before the server closes.
		shutdown, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		return srv.Shutdown(shutdown)
	case <-ctx.Done():
		return errors.New("stopped before GitHub sent the App back: nothing was registered here")
	}
}

// convertedApp is what the env file keeps of the App GitHub made from the manifest.
type convertedApp struct {
	ID                                int64
	Slug, HTMLURL, PEM, WebhookSecret string
}

// convertManifest exchanges the code for the App's credentials (go-github's
// CompleteAppManifest, through the one GitHub transport, which judges the answer). The code
// is its own credential: no token is sent.
func convertManifest(ctx context.Context, e *env, code string) (convertedApp, error) {
	var app convertedApp
	if code == "" {
		return app, errors.New("GitHub sent no code")
	}
	api := orEnv("", e, "GITHUB_API_URL")
	if api == "" {
		api = "https://api.github.com"
	}
	c, err := wr.REST(wr.Wrap(&http.Client{Timeout: 30 * time.Second}, wr.Options{Key: "manifest:" + api}), api)
	if err != nil {
		return app, err
	}
	cfg, _, err := c.Apps.CompleteAppManifest(ctx, code)
	if err != nil {
		return app, fmt.Errorf("exchange the code (it works once, within an hour): %w", err)
	}
	app = convertedApp{ID: cfg.GetID(), Slug: cfg.GetSlug(), HTMLURL: cfg.GetHTMLURL(), PEM: cfg.GetPEM(), WebhookSecret: cfg.GetWebhookSecret()}
	if app.ID <= 0 || app.PEM == "" || app.WebhookSecret == "" {
		return app, errors.New("exchange the code: GitHub's answer lacks the App's id, key or webhook secret")
	}
	return app, nil
}

// writeEnvFile writes the App's credentials as NAME=VALUE lines, mode 0600, the private key
// on one line with its newlines as \n (which serve accepts); it never overwrites a file.
func writeEnvFile(path string, app convertedApp) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("write the credentials: %w", err)
	}
	fmt.Fprintf(f, "# war-room GitHub App %s, registered %s. Secret: keep this file to yourself.\n", app.Slug, time.Now().UTC().Format(time.RFC3339))
	fmt.Fprintf(f, "WAR_ROOM_APP_ID=%d\nWAR_ROOM_APP_SLUG=%s\nWAR_ROOM_WEBHOOK_SECRET=%s\nWAR_ROOM_APP_PRIVATE_KEY=%s\n",
		app.ID, app.Slug, app.WebhookSecret, strings.ReplaceAll(strings.TrimSpace(app.PEM), "\n", `\n`))
	return f.Close()
}

// readEnvFile reads NAME=VALUE lines (blank lines and # comments skipped, a value may be
// quoted), naming the file and line of anything else.
func readEnvFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("--env-file: %w", err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(strings.TrimPrefix(line, "export "), "=")
		if !ok || strings.TrimSpace(k) == "" {
			return nil, fmt.Errorf("%s:%d: want NAME=VALUE", path, n)
		}
		if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '\'' && v[len(v)-1] == '\'') {
			v = v[1 : len(v)-1]
		}
		out[strings.TrimSpace(k)] = v
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
