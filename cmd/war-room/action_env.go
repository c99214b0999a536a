package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sethvargo/go-githubactions"

	"github.com/war-room/war-room/bot"
	"github.com/war-room/war-room/engine"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/protocols"
)

// Action inputs (action.yml). Provider keys are never inputs: they come in through env.
const (
	inputToken    = "github-token"
	inputConfig   = "config"
	inputProtocol = "protocol"
	inputQuestion = "question"
	inputPublish  = "publish"
	inputReview   = "review"
)

// actionsBotLogin is the account an Actions GITHUB_TOKEN writes as.
const actionsBotLogin = "github-actions[bot]"

// maskKnownSecrets masks the token and every provider key variable war-room knows by name,
// before anything is printed. Keys named only in the repository's configuration are masked
// by the bot as soon as it has read it (Deps.Mask), before any profile is built.
func maskKnownSecrets(a *githubactions.Action, m *masker, getenv func(string) string) {
	for _, name := range append([]string{"GITHUB_TOKEN"}, slices.Sorted(maps.Keys(builtinKeys()))...) {
		m.mask(a, getenv(name))
	}
	m.mask(a, a.GetInput(inputToken))
}

// masker masks each secret once.
type masker struct{ done map[string]bool }

func (m *masker) mask(a *githubactions.Action, secret string) {
	s := strings.TrimSpace(secret)
	if s == "" || m.done[s] {
		return
	}
	if m.done == nil {
		m.done = map[string]bool{}
	}
	m.done[s] = true
	a.AddMask(s)
}

// actionDeps wires the bot for one Action run: a GitHub connection with the step's token,
// the inputs, a fresh SQLite store, and the step outputs and summary as the Reporter.
func actionDeps(ctx context.Context, a *githubactions.Action, m *masker, gc *githubactions.GitHubContext, e *env, log *slog.Logger) (*bot.Deps, func(), error) {
	token := a.GetInput(inputToken)
	if token == "" {
		token = e.getenv("GITHUB_TOKEN")
	}
	if token == "" {
		return nil, nil, usageErr("no GitHub token: set the github-token input (default ${{ github.token }})")
	}
	hc := actionClient(token, gc.APIURL, e)
	login := actionsBotLogin // the runner's own token always acts as the Actions bot
	if token != e.getenv("GITHUB_TOKEN") {
		login = tokenLogin(ctx, hc, gc.GraphqlURL)
	}
	gh, err := bot.NewGitHub(hc, gc.APIURL, gc.GraphqlURL, login)
	if err != nil {
		return nil, nil, exitErr(exitUsage, err)
	}
	tmp, err := os.MkdirTemp(actionTempRoot(e.getenv), "war-room-")
	if err != nil {
		return nil, nil, fmt.Errorf("temporary directory: %w", err)
	}
	d := &bot.Deps{GitHub: gh, Grammar: actionGrammar(), Getenv: e.getenv, Now: e.now, TempDir: tmp,
		Report: actionReporter{a: a, getenv: e.getenv}, Log: log,
		Mask: func(s string) { m.mask(a, s) },
		Settings: bot.Settings{ConfigPath: a.GetInput(inputConfig), Protocol: protocolInput(a.GetInput(inputProtocol)),
			Question: a.GetInput(inputQuestion), Publish: boolInput(a, inputPublish), Review: boolInput(a, inputReview),
			RunURL: runURL(gc), RunID: runID(gc)},
		Checkout: gc.Workspace, CarryState: true}
	d.OpenStore = func(ctx context.Context) (engine.Store, error) {
		path := e.getenv("WAR_ROOM_DB") // tests read the ledger back; a runner starts empty
		if path == "" {
			path = filepath.Join(tmp, "state.db")
		}
		return sqlite.Open(ctx, path)
	}
	return d, func() { os.RemoveAll(tmp) }, nil
}

// actionClient authenticates with the step's token through the write layer, keyed by the
// token: every write of the run, REST and GraphQL, keeps the spacing from the one before
// (a second until the repository's configuration says otherwise).
func actionClient(token, apiURL string, e *env) *http.Client {
	return e.githubClient(&http.Client{Timeout: 60 * time.Second, Transport: bearer{token: token, base: http.DefaultTransport}},
		tokenKey(apiURL, token), wr.DefaultSpacing)
}

// tokenKey names a token's writes for the spacing registry without keeping the token.
func tokenKey(apiURL, token string) string {
	sum := sha256.Sum256([]byte(token))
	return "token:" + apiURL + "/" + hex.EncodeToString(sum[:8])
}

// githubClient wraps hc in the write layer under key, on the env's clock.
func (e *env) githubClient(hc *http.Client, key string, spacing time.Duration) *http.Client {
	o := e.writes
	o.Key, o.Spacing = key, spacing
	return wr.Wrap(hc, o)
}

// actionTempRoot is where a run keeps its state file and lane evidence: RUNNER_TEMP when it
// is a directory here, else the system's (the image's /tmp). In a Docker action the runner
// passes RUNNER_TEMP with the host's path, which is not mounted in the container
// (actions/runner#1984), so trusting it would fail every run before anything is posted.
func actionTempRoot(getenv func(string) string) string {
	if dir := getenv("RUNNER_TEMP"); dir != "" {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return dir
		}
	}
	return os.TempDir()
}

// protocolInput is the protocol input as a protocol name: the words a comment may use
// ("deliberate") name the same protocols there.
func protocolInput(v string) string {
	v = strings.ToLower(strings.TrimSpace(v))
	if p, ok := protocols.Words()[v]; ok {
		return p
	}
	return v
}

// boolInput reads a boolean input; unset means true (action.yml's default).
func boolInput(a *githubactions.Action, name string) bool {
	v := strings.ToLower(a.GetInput(name))
	return v != "false" && v != "no" && v != "0" && v != "off"
}

func runURL(gc *githubactions.GitHubContext) string {
	if gc.ServerURL == "" || gc.Repository == "" || gc.RunID == 0 {
		return ""
	}
	return fmt.Sprintf("%s/%s/actions/runs/%d", strings.TrimSuffix(gc.ServerURL, "/"), gc.Repository, gc.RunID)
}

// actionGrammar is the slash-command vocabulary, as the protocols package names it.
func actionGrammar() bot.Grammar {
	return bot.Grammar{Words: protocols.Words(), Stops: protocols.StopWords(), Flags: func(p string) []bot.Flag {
		var out []bot.Flag
		for _, f := range protocols.AllowedFlags(p) {
			out = append(out, bot.Flag{Name: f.Name, Bool: f.Bool})
		}
		return out
	}}
}

// runID is the Actions run's id, "" outside a run.
func runID(gc *githubactions.GitHubContext) string {
	if gc.RunID == 0 {
		return ""
	}
	return fmt.Sprint(gc.RunID)
}
