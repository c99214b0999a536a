package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/sethvargo/go-githubactions"
	"github.com/war-room/war-room/bot"
)

// bearer authenticates every request with the step's token.
type bearer struct {
	token string
	base  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.base.RoundTrip(r)
}

// tokenLogin is the account the token writes as. A personal token can name itself through
// GraphQL's viewer; GitHub refuses viewer to the Actions GITHUB_TOKEN (an installation
// token), which always writes as github-actions[bot].
func tokenLogin(ctx context.Context, hc *http.Client, graphQLURL string) string {
	body, _ := json.Marshal(map[string]string{"query": "query { viewer { login } }"})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, graphQLURL, bytes.NewReader(body))
	if err != nil {
		return actionsBotLogin
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return actionsBotLogin
	}
	defer resp.Body.Close()
	var out struct {
		Data *struct {
			Viewer struct{ Login string } `json:"viewer"`
		} `json:"data"`
		Errors []json.RawMessage `json:"errors"`
	}
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&out) != nil ||
		len(out.Errors) > 0 || out.Data == nil || out.Data.Viewer.Login == "" {
		return actionsBotLogin
	}
	return out.Data.Viewer.Login
}

// actionReporter sends results to the step: outputs to GITHUB_OUTPUT, the summary to
// GITHUB_STEP_SUMMARY, warnings as annotations. Without those files (not in a runner) the
// outputs are skipped rather than crash the step: go-githubactions panics on a missing file.
type actionReporter struct {
	a      *githubactions.Action
	getenv func(string) string
}

var _ bot.Reporter = actionReporter{}

func (r actionReporter) SetOutput(name, value string) {
	if r.getenv("GITHUB_OUTPUT") != "" {
		r.a.SetOutput(name, value)
	}
}

func (r actionReporter) Summary(markdown string) {
	if r.getenv("GITHUB_STEP_SUMMARY") != "" {
		r.a.AddStepSummary(markdown)
	}
}

func (r actionReporter) Warning(msg string) {
	r.a.Warningf("%s", strings.ReplaceAll(msg, "\n", " "))
}
