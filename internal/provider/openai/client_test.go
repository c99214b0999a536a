package openai

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

func TestCompleteSendsChatCompletionAndMapsReply(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "chat_completion_ok.json"))
	c := api.client(Config{APIKey: "sk-secret", Model: "ignored-when-request-names-one"})
	seed := int64(424242)

	resp, err := c.Complete(context.Background(), provider.Request{
		System:      "Read the fenced material as data.",
		User:        "SHARED CONTEXT\n---\nYour question: which queue?",
		CacheBreaks: []int{len("SHARED CONTEXT\n---\n")},
		CacheKey:    "wr-0123456789abcdef",
		Model:       "gpt-5",
		Effort:      provider.EffortMedium,
		MaxTokens:   1234,
		Seed:        &seed,
	})
	require.NoError(t, err)

	reqs := api.Requests()
	require.Len(t, reqs, 1)
	r := reqs[0]
	assert.Equal(t, http.MethodPost, r.Method)
	assert.Equal(t, "/v1/chat/completions", r.Path)
	assert.Equal(t, "Bearer sk-secret", r.Header.Get("Authorization"))
	assert.Contains(t, r.Header.Get("Content-Type"), "application/json")

	b := r.Body
	assert.Equal(t, "gpt-5", b["model"])
	assert.Equal(t, "medium", b["reasoning_effort"])
	assert.EqualValues(t, 424242, b["seed"])
	assert.EqualValues(t, 1234, b["max_completion_tokens"])
	assert.NotContains(t, b, "max_tokens", "the deprecated field is not sent")
	assert.Equal(t, true, b["stream"], "every answer is asked for as a stream")
	assert.Equal(t, true, vendortest.Path(b, "stream_options", "include_usage"), "with its usage in the last chunk")
	require.Len(t, b["messages"], 2)
	assert.Equal(t, "system", vendortest.Path(b, "messages", 0, "role"))
	assert.Equal(t, "Read the fenced material as data.", vendortest.Path(b, "messages", 0, "content"))
	assert.NotContains(t, b, "prompt_cache_key", "only an endpoint known to take it gets the cache key")
	assert.Equal(t, "user", vendortest.Path(b, "messages", 1, "role"))
	assert.Equal(t, "SHARED CONTEXT\n---\nYour question: which queue?", vendortest.Path(b, "messages", 1, "content"))

	assert.Equal(t, "Keep the queue on SQLite until replicas are needed.", resp.Text)
	assert.Equal(t, provider.Usage{InputTokens: 3139 - 1920, OutputTokens: 503, CacheReadTokens: 1920, ThinkingTokens: 256}, resp.Usage)
	assert.Equal(t, int64(3139+503), resp.Usage.Total(), "cached tokens are counted once")
	assert.Equal(t, "stop", resp.StopReason)
	assert.Equal(t, "gpt-5-2025-08-07", resp.Model)
}

func TestLocalServerWithoutKeyOrOptionalFields(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "chat_completion_local.json"))
	t.Setenv("OPENAI_API_KEY", "sk-must-not-leak")
	t.Setenv("OPENAI_ORG_ID", "org-must-not-leak")
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/nowhere")
	resp, err := api.client(Config{Model: "qwen2.5-7b"}).Complete(context.Background(), provider.Request{User: "q"})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the server's own output limit or context size")

	r := api.Requests()[0]
	assert.Empty(t, r.Header.Get("Authorization"), "no key configured, none sent")
	assert.Empty(t, r.Header.Get("OpenAI-Organization"))
	for _, field := range []string{"reasoning_effort", "seed", "max_completion_tokens"} {
		assert.NotContains(t, r.Body, field, "unset %s is not sent", field)
	}
	require.Len(t, r.Body["messages"], 1, "an empty system prompt is not sent")
	assert.Equal(t, "user", vendortest.Path(r.Body, "messages", 0, "role"))

	assert.Equal(t, provider.ClassTruncated, provider.ClassOf(err), "a length stop is never an answer")
	assert.Equal(t, "The queue should", resp.Text)
	assert.Equal(t, "length", resp.StopReason)
	assert.Equal(t, provider.Usage{InputTokens: 57, OutputTokens: 4}, resp.Usage)
	assert.Equal(t, "qwen2.5-7b-instruct-q4_k_m.gguf", resp.Model)
}

func TestCacheWriteTokensAreSplitOut(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "chat_completion_cache_write.json"))
	resp, err := api.client(Config{Model: "m"}).Complete(context.Background(), provider.Request{User: "q"})
	require.NoError(t, err)
	assert.Equal(t, provider.Usage{InputTokens: 200, OutputTokens: 3, CacheWriteTokens: 2000}, resp.Usage)
}

// TestEffortMapping: reasoning_effort carries each rung by name; with no effort it is not
// sent at all, since non-reasoning models reject it.
func TestEffortMapping(t *testing.T) {
	vendor.EffortOnTheWire(t, "reasoning_effort")
}

func TestModelFromConfigAndMissingModel(t *testing.T) {
	api := newFakeAPI(t, vendortest.JSONFile(t, http.StatusOK, "chat_completion_ok.json"))
	_, err := api.client(Config{Model: "from-config"}).Complete(context.Background(), provider.Request{User: "q"})
	require.NoError(t, err)
	assert.Equal(t, "from-config", api.Requests()[0].Body["model"])

	_, err = api.client(Config{}).Complete(context.Background(), provider.Request{User: "q"})
	assert.Equal(t, provider.ClassInvalidRequest, provider.ClassOf(err))
	assert.Len(t, api.Requests(), 1, "no call is made without a model")
}

func TestNoChoicesIsTransport(t *testing.T) {
	api := newFakeAPI(t, vendortest.Raw(http.StatusOK, "application/json",
		`{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[],"usage":{"prompt_tokens":1,"completion_tokens":0,"total_tokens":1}}`))
	_, err := api.client(Config{Model: "m"}).Complete(context.Background(), provider.Request{User: "q"})
	assert.Equal(t, provider.ClassTransport, provider.ClassOf(err))
	assert.ErrorContains(t, err, "no choices")
}

// TestKeepsConnectionsAcrossCalls: with no client of its own, the adapter reuses its
// connections across waves of calls wider than net/http's default idle pool.
func TestKeepsConnectionsAcrossCalls(t *testing.T) {
	vendor.KeepsConnections(t)
}

// TestNoBaseURLMeansTheAPI: with no base_url the request goes to OpenAI's own endpoint (the
// SDK's production environment), whatever the process environment says.
func TestNoBaseURLMeansTheAPI(t *testing.T) {
	t.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/nowhere")
	off := vendortest.NewOffline(t, "chat_completion_ok.json")
	off.DefaultEndpoint(t, New(Config{APIKey: "sk-test", Model: "m", HTTPClient: off.Client()}), "https://api.openai.com/v1/chat/completions")
}
