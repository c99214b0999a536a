package openai

import (
	"encoding/json"
	"testing"

	sdk "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

// sdkParams is the body as the SDK's parameter types built it before the adapter encoded its
// own: the oracle the wire format is compared with.
func sdkParams(req provider.Request, model string, cacheKey bool) sdk.ChatCompletionNewParams {
	p := sdk.ChatCompletionNewParams{Model: shared.ChatModel(model)}
	if req.System != "" {
		p.Messages = append(p.Messages, sdk.SystemMessage(req.System))
	}
	p.Messages = append(p.Messages, sdk.UserMessage(req.User))
	if req.MaxTokens > 0 {
		p.MaxCompletionTokens = sdk.Int(int64(req.MaxTokens))
	}
	if req.Seed != nil {
		p.Seed = sdk.Int(*req.Seed)
	}
	if req.Effort != "" {
		p.ReasoningEffort = shared.ReasoningEffort(req.Effort)
	}
	if cacheKey && req.CacheKey != "" {
		p.PromptCacheKey = sdk.String(req.CacheKey)
	}
	p.StreamOptions.IncludeUsage = sdk.Bool(true)
	return p
}

// TestBodyIsTheSDKsBody: the body the adapter encodes is, as JSON, the one the SDK's types
// encoded for a streamed request with its usage, for requests with and without each optional
// field (a zero seed is still sent).
func TestBodyIsTheSDKsBody(t *testing.T) {
	seed, zero := int64(7), int64(0)
	reqs := []provider.Request{
		{User: "q"},
		{System: "sys <b>&</b>", User: "quoted \"text\"\nand\ttabs \u2028 é"},
		{User: "q", Model: "gpt-5", Effort: provider.EffortHigh, MaxTokens: 900, Seed: &seed, CacheKey: "wr-1"},
		{User: "q", Seed: &zero, CacheKey: "wr-2"},
	}
	for _, cacheKey := range []bool{false, true} {
		c := New(Config{Model: "m", PromptCacheKey: cacheKey})
		for _, req := range reqs {
			p, err := c.params(req)
			require.NoError(t, err)
			ours, err := httpvendor.EncodeJSON(p)
			require.NoError(t, err)
			theirs, err := json.Marshal(sdkParams(req, p.Model, cacheKey))
			require.NoError(t, err)
			var a any
			var b map[string]any
			require.NoError(t, json.Unmarshal(ours, &a))
			require.NoError(t, json.Unmarshal(theirs, &b))
			b["stream"] = true // as the SDK's NewStreaming sets it on the same parameters
			assert.Equal(t, b, a, "request %+v, cache key %v", req, cacheKey)
		}
	}
}

// A request that asks for the whole answer (the endpoint refused streaming once) sends neither
// stream nor stream_options.
func TestAWholeAnswerIsAskedForWithoutStreaming(t *testing.T) {
	p, err := New(Config{Model: "m"}).params(provider.Request{User: "q", NoStream: true})
	require.NoError(t, err)
	body, err := httpvendor.EncodeJSON(p)
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(body, &got))
	assert.Equal(t, false, got["stream"])
	assert.NotContains(t, got, "stream_options")
}
