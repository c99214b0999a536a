package wiring

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/protocols"
)

func TestProfilesBuildsScriptProfile(t *testing.T) {
	data := "version: 1\nproviders:\n  fake:\n    type: script\n    family: script\n    max_concurrency: 3\n" +
		"    price: {input_per_mtok: 1, output_per_mtok: 2}\n    responses: script-responses.yml\n"
	cfg, err := config.Parse("testdata/good/inline.yml", []byte(data), protocols.Sections()...)
	require.NoError(t, err)

	ps, err := Profiles(context.Background(), cfg, envOf(nil), nil)
	require.NoError(t, err)
	p, err := ps.Get("fake")
	require.NoError(t, err)
	require.Equal(t, "script", p.Type)
	require.Equal(t, "script", p.Family)
	require.Equal(t, "script", p.Model)
	require.Equal(t, 3, p.MaxConcurrency)
	require.Equal(t, 1.0, p.PriceInPerMTok)
	require.Equal(t, 2.0, p.PriceOutPerMTok)

	resp, err := p.Provider.Complete(context.Background(), provider.Request{Role: "generator", User: "q"})
	require.NoError(t, err)
	require.Equal(t, "scripted position paper", resp.Text)
	require.True(t, resp.Scripted)
	resp, err = p.Provider.Complete(context.Background(), provider.Request{Role: "attacker", User: "q"})
	require.NoError(t, err)
	require.Equal(t, "scripted answer for attacker", resp.Text)
}

// TestProfilesWiresAnthropic checks that the key, endpoint and model from the file reach
// the wire, through a real HTTP server on loopback.
func TestProfilesWiresAnthropic(t *testing.T) {
	body, err := os.ReadFile("testdata/http/anthropic_message.json")
	require.NoError(t, err)
	var gotKey, gotModel string
	var gotMax int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotKey = r.Header.Get("x-api-key")
		var req struct {
			Model     string `json:"model"`
			MaxTokens int    `json:"max_tokens"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		gotModel, gotMax = req.Model, req.MaxTokens
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	defer srv.Close()

	data := "version: 1\nproviders:\n  claude:\n    type: anthropic\n    model: claude-test\n    family: anthropic\n" +
		"    api_key_env: TEST_CLAUDE_KEY\n    max_tokens: 100\n    base_url: " + srv.URL + "\n"
	cfg, err := config.Parse("c.yml", []byte(data), protocols.Sections()...)
	require.NoError(t, err)
	ps, err := Profiles(context.Background(), cfg, envOf(map[string]string{"TEST_CLAUDE_KEY": "sekrit"}), srv.Client())
	require.NoError(t, err)
	resp, err := ps["claude"].Provider.Complete(context.Background(), provider.Request{User: "hello", MaxTokens: 16})
	require.NoError(t, err)
	require.Equal(t, "sekrit", gotKey)
	require.Equal(t, "claude-test", gotModel)
	require.Equal(t, "Keep the queue on SQLite until replicas are needed.", resp.Text)
	require.Equal(t, config.DefaultMaxConcurrency, ps["claude"].MaxConcurrency)
	require.Equal(t, 16, gotMax, "a request's smaller cap is kept")

	// max_tokens is the profile's budget, which the engine applies to every call.
	require.Equal(t, 100, ps["claude"].MaxTokens)
}

func TestProfilesMissingKeyNamesProfileAndVariable(t *testing.T) {
	cfg, err := config.Load("testdata/good/full.yml", protocols.Sections()...)
	require.NoError(t, err)
	_, err = Profiles(context.Background(), cfg, envOf(map[string]string{"OPENAI_API_KEY": "o"}), nil)
	require.ErrorContains(t, err, `testdata/good/full.yml:9:18: providers.claude.api_key_env: profile "claude" needs its API key in the environment variable ANTHROPIC_API_KEY, which is not set`)

	// Building only the profiles a run uses does not trip over the others.
	p, err := Profile(context.Background(), cfg, "fake", envOf(nil), nil)
	require.NoError(t, err)
	require.Equal(t, "fake", p.Name)
}

func TestProfileDetectedMissingKey(t *testing.T) {
	cfg, err := config.Detect(envOf(map[string]string{"ANTHROPIC_API_KEY": "k"}), protocols.Sections()...)
	require.NoError(t, err)
	_, err = Profiles(context.Background(), cfg, envOf(nil), nil)
	require.EqualError(t, err, `environment: providers.anthropic.api_key_env: profile "anthropic" needs its API key in the environment variable ANTHROPIC_API_KEY, which is not set`)
}

func TestProfileUnknownName(t *testing.T) {
	cfg, err := config.Load("testdata/good/full.yml", protocols.Sections()...)
	require.NoError(t, err)
	_, err = Profile(context.Background(), cfg, "nope", envOf(nil), nil)
	require.EqualError(t, err, `unknown provider profile "nope" (have: claude, codex, fake, gpt)`)
}

func TestProfileBrokenResponsesFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(dir+"/r.yml", []byte("responses:\n  - rol: x\n"), 0o644))
	cfg, err := config.Parse(dir+"/w.yml", []byte("version: 1\nproviders:\n  fake: {type: script, family: script, responses: r.yml}\n"), protocols.Sections()...)
	require.NoError(t, err)
	_, err = Profiles(context.Background(), cfg, envOf(nil), nil)
	require.ErrorContains(t, err, dir+`/w.yml:3:9: providers.fake: profile "fake": `)
}

func TestProfilesBuildsCLIProfile(t *testing.T) {
	cfg, err := config.Load("testdata/good/full.yml", protocols.Sections()...)
	require.NoError(t, err)
	p, err := Profile(context.Background(), cfg, "codex", envOf(nil), nil)
	require.NoError(t, err)
	require.Equal(t, "cli", p.Type)
	require.Equal(t, "gpt-5-codex", p.Model)
	require.Equal(t, "openai", p.Family)
}

func TestEngineBudget(t *testing.T) {
	cfg, err := config.Load("testdata/good/full.yml", protocols.Sections()...)
	require.NoError(t, err)
	b := Budget(cfg)
	require.Equal(t, int64(2000000), b.MaxTokens)
	require.Equal(t, 12.5, b.MaxUSD)
}

func TestAbsoluteResponsesPathIsKept(t *testing.T) {
	abs, err := filepath.Abs("testdata/good/script-responses.yml")
	require.NoError(t, err)
	cfg, err := config.Parse(filepath.Join(t.TempDir(), "w.yml"),
		[]byte("version: 1\nproviders:\n  fake: {type: script, family: script, responses: "+abs+"}\n"), protocols.Sections()...)
	require.NoError(t, err)
	require.Equal(t, abs, cfg.Providers["fake"].Responses)
	_, err = Profiles(context.Background(), cfg, envOf(nil), nil)
	require.NoError(t, err)
}

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}
