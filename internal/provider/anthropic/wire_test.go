package anthropic

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// sdkParams is the body as the SDK's parameter types built it before the adapter encoded its
// own: the oracle the wire format is compared with.
func sdkParams(req provider.Request, model string) sdk.MessageNewParams {
	var blocks []sdk.ContentBlockParamUnion
	for _, b := range userBlocks(req.User, req.CacheBreaks) {
		u := sdk.NewTextBlock(b.Text)
		if b.CacheControl != nil {
			u.OfText.CacheControl = sdk.NewCacheControlEphemeralParam()
		}
		blocks = append(blocks, u)
	}
	p := sdk.MessageNewParams{Model: sdk.Model(model), MaxTokens: maxTokens(req),
		Messages: []sdk.MessageParam{sdk.NewUserMessage(blocks...)}}
	if req.System != "" {
		p.System = []sdk.TextBlockParam{{Text: req.System}}
	}
	if req.Effort != "" {
		p.OutputConfig.Effort = sdk.OutputConfigEffort(req.Effort)
	}
	if req.Thinking == provider.ThinkingAdaptive {
		p.Thinking = sdk.ThinkingConfigParamUnion{OfAdaptive: &sdk.ThinkingConfigAdaptiveParam{}}
	}
	return p
}

// TestBodyIsTheSDKsBody: the body the adapter encodes is, as JSON, the one the SDK's types
// encoded for a streamed request, for requests with and without each optional field and
// cache break.
func TestBodyIsTheSDKsBody(t *testing.T) {
	reqs := []provider.Request{
		{User: "q"},
		{System: "sys <b>&</b>", User: "quoted \"text\"\nand\ttabs \u2028 é"},
		{User: "SHARED---mine", CacheBreaks: []int{6, 9}, Model: "claude-x", Effort: provider.EffortMax, MaxTokens: 900},
		{User: "q", Thinking: provider.ThinkingAdaptive, CacheBreaks: []int{0, 1}},
	}
	c := New(Config{Model: "m"})
	for _, req := range reqs {
		p, err := c.params(req)
		require.NoError(t, err)
		ours, err := httpvendor.EncodeJSON(p)
		require.NoError(t, err)
		theirs, err := json.Marshal(sdkParams(req, p.Model))
		require.NoError(t, err)
		var a any
		var b map[string]any
		require.NoError(t, json.Unmarshal(ours, &a))
		require.NoError(t, json.Unmarshal(theirs, &b))
		b["stream"] = true // as the SDK's NewStreaming sets it on the same parameters
		assert.Equal(t, b, a, "request %+v", req)
	}
}

// TestDecodeReadsAsTheSDKDoes: on every recorded answer, the adapter's own decoder reads
// exactly what the SDK's decoder (the only reader before) reads.
func TestDecodeReadsAsTheSDKDoes(t *testing.T) {
	vendortest.SameReading(t, "message_*.json", fromSDK)
}

// TestLooseAnswerFallsBackToTheSDKReading: counts sent as a float and as a string, which
// the strict decoder refuses, still read as the SDK reads them.
func TestLooseAnswerFallsBackToTheSDKReading(t *testing.T) {
	api := newFakeAPI(t, vendortest.Raw(http.StatusOK, "application/json",
		`{"id":"m1","type":"message","role":"assistant","model":"claude-x","content":[{"type":"text","text":"Yes."}],`+
			`"stop_reason":"end_turn","usage":{"input_tokens":12.0,"output_tokens":"3"}}`))
	resp, err := api.client(Config{Model: "m"}).Complete(context.Background(), provider.Request{User: "q"})
	require.NoError(t, err)
	assert.Equal(t, "Yes.", resp.Text)
	assert.Equal(t, provider.Usage{InputTokens: 12, OutputTokens: 3}, resp.Usage)
	assert.Equal(t, "end_turn", resp.StopReason)
}
