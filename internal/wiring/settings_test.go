package wiring

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/protocols"
)

func build1(t *testing.T, yaml string, env map[string]string) *engine.Profile {
	t.Helper()
	cfg, err := config.Parse("w.yml", []byte("version: 1\nproviders:\n  p:\n"+yaml), protocols.Sections()...)
	require.NoError(t, err)
	p, err := Profile(context.Background(), cfg, "p", envOf(env), nil)
	require.NoError(t, err)
	return p
}

func TestEffortLevelsComeFromTheKeyElseTheModelElseNone(t *testing.T) {
	opus45 := "    type: anthropic\n    model: claude-opus-4-5\n    family: anthropic\n"
	assert.Equal(t, []provider.Effort{"low", "medium", "high"}, build1(t, opus45, nil).EffortLevels, "the documented levels")
	assert.Equal(t, []provider.Effort{}, build1(t, opus45+"    effort_levels: []\n", nil).EffortLevels, "[] means none")
	assert.Equal(t, []provider.Effort{"high"}, build1(t, opus45+"    effort_levels: [high]\n", nil).EffortLevels)
	unknown := "    type: openai\n    model: my-finetune\n    family: openai\n"
	assert.Empty(t, build1(t, unknown, nil).EffortLevels, "an unknown model is sent no effort")
	script := "    type: script\n    family: script\n    responses: testdata/good/script-responses.yml\n"
	assert.Equal(t, provider.Ladder, build1(t, script, nil).EffortLevels)
	gemini := "    type: cli\n    command: gemini\n    model: gemini-2.5-pro\n    family: google\n"
	assert.Empty(t, build1(t, gemini, nil).EffortLevels, "gemini's CLI has no effort flag")
}

func TestThinkingDefaultsAndItsBudget(t *testing.T) {
	opus46 := "    type: anthropic\n    model: claude-opus-4-6\n    family: anthropic\n"
	p := build1(t, opus46, nil)
	assert.Equal(t, provider.ThinkingAdaptive, p.Thinking, "what Anthropic recommends for the model")
	assert.Equal(t, config.DefaultThinkingMaxTokens, p.MaxTokens, "an unset budget is raised for thinking")
	assert.Equal(t, 128000, p.MaxOutputTokens)
	p = build1(t, opus46+"    max_tokens: 12000\n", nil)
	assert.Equal(t, 12000, p.MaxTokens, "a configured budget is kept")
	p = build1(t, opus46+"    thinking: off\n", nil)
	assert.Equal(t, provider.ThinkingOff, p.Thinking)
	assert.Equal(t, config.DefaultMaxTokens, p.MaxTokens)
	p = build1(t, "    type: anthropic\n    model: claude-opus-4-5\n    family: anthropic\n", nil)
	assert.Equal(t, provider.ThinkingOff, p.Thinking)
}

func TestCachePricesAreDerivedFromTheInputPrice(t *testing.T) {
	p := build1(t, "    type: anthropic\n    model: claude-next\n    family: anthropic\n    price: {input_per_mtok: 10, output_per_mtok: 50}\n", nil)
	assert.InDelta(t, 1.0, p.PriceCacheReadPerMTok, 1e-9)
	assert.InDelta(t, 12.5, p.PriceCacheWritePerMTok, 1e-9)
	p = build1(t, "    type: openai\n    model: gpt-5\n    family: openai\n    price: {input_per_mtok: 1.25, output_per_mtok: 10}\n", nil)
	assert.InDelta(t, 0.125, p.PriceCacheReadPerMTok, 1e-9)
	assert.InDelta(t, 1.25, p.PriceCacheWritePerMTok, 1e-9)
	p = build1(t, "    type: openai\n    model: gpt-5\n    family: openai\n    price: {input_per_mtok: 1.25, output_per_mtok: 10, cache_read_per_mtok: 0.5}\n", nil)
	assert.InDelta(t, 0.5, p.PriceCacheReadPerMTok, 1e-9, "a configured price wins")
}

func TestCallBoundsReachTheProfile(t *testing.T) {
	p := build1(t, "    type: openai\n    model: gpt-5\n    family: openai\n    timeout: 2s\n    max_attempts: 5\n", nil)
	assert.Equal(t, "2s", p.Timeout.String())
	assert.Equal(t, 5, p.MaxAttempts)
	assert.True(t, p.CacheWarmup)
	assert.Equal(t, 400000, p.ContextTokens)
}

// TestTheDetectedLocalServerIsAskedForItsContext: Ollama reports a loaded model's context in
// /api/ps, and the detected profile takes it, so prompts that would be cut are refused.
func TestTheDetectedLocalServerIsAskedForItsContext(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/ps":
			_, _ = w.Write([]byte(`{"models":[{"name":"qwen2.5:7b","model":"qwen2.5:7b","size":1,"context_length":4096}]}`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cfg, err := config.Detect(envOf(map[string]string{"WAR_ROOM_OPENAI_BASE_URL": srv.URL + "/v1", "WAR_ROOM_OPENAI_MODEL": "qwen2.5:7b"}),
		protocols.Sections()...)
	require.NoError(t, err)
	p, err := Profile(context.Background(), cfg, "local", envOf(nil), srv.Client())
	require.NoError(t, err)
	assert.Equal(t, 4096, p.ContextTokens)
	assert.Empty(t, p.EffortLevels)
}
