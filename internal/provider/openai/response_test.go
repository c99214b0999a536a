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

// TestDecodeReadsAsTheSDKDoes: on every recorded answer, the adapter's own decoder reads
// exactly what the SDK's decoder (the only reader before) reads.
func TestDecodeReadsAsTheSDKDoes(t *testing.T) {
	vendortest.SameReading(t, "chat_completion_*.json", fromSDK)
}

// TestLooseAnswerFallsBackToTheSDKReading: counts sent as a float and as a string, which
// the strict decoder refuses, still read as the SDK reads them.
func TestLooseAnswerFallsBackToTheSDKReading(t *testing.T) {
	api := newFakeAPI(t, vendortest.Raw(http.StatusOK, "application/json",
		`{"model":"local","choices":[{"index":0,"message":{"role":"assistant","content":"Yes."},"finish_reason":"stop"}],`+
			`"usage":{"prompt_tokens":12.0,"completion_tokens":"3","total_tokens":15}}`))
	resp, err := api.client(Config{Model: "m"}).Complete(context.Background(), provider.Request{User: "q"})
	require.NoError(t, err)
	assert.Equal(t, "Yes.", resp.Text)
	assert.Equal(t, provider.Usage{InputTokens: 12, OutputTokens: 3}, resp.Usage)
	assert.Equal(t, "local", resp.Model)
}
