package vendortest

import (
	"context"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// Live reads WAR_ROOM_IT_<name>_KEY, _BASE_URL and _MODEL for a test against a real endpoint,
// and skips the test when the key is unset: no network is assumed in ordinary runs.
func Live(t *testing.T, name, defaultModel string) (key, base, model string) {
	t.Helper()
	prefix := "WAR_ROOM_IT_" + name
	key = os.Getenv(prefix + "_KEY")
	if key == "" {
		t.Skipf("set %s_KEY to run against a real endpoint", prefix)
	}
	model = os.Getenv(prefix + "_MODEL")
	if model == "" {
		model = defaultModel
	}
	return key, os.Getenv(prefix + "_BASE_URL"), model
}

// AskOneWord makes one small real call and checks that an answer, the answering model's name
// and output tokens came back. Input-token checks are the caller's: vendors split cached
// input differently.
func AskOneWord(ctx context.Context, t *testing.T, p provider.Provider, maxTokens int) provider.Response {
	t.Helper()
	resp, err := p.Complete(ctx, provider.Request{
		System:    "Answer with one word.",
		User:      "What is the opposite of ping?",
		MaxTokens: maxTokens,
	})
	require.NoError(t, err)
	assert.NotEmpty(t, resp.Text)
	assert.NotEmpty(t, resp.Model)
	assert.Positive(t, resp.Usage.OutputTokens)
	return resp
}
