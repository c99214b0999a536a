package anthropic

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// TestIntegration calls the real API. It runs only when WAR_ROOM_IT_ANTHROPIC_KEY is set;
// WAR_ROOM_IT_ANTHROPIC_BASE_URL and WAR_ROOM_IT_ANTHROPIC_MODEL optionally override the
// endpoint and the model.
func TestIntegration(t *testing.T) {
	key := os.Getenv("WAR_ROOM_IT_ANTHROPIC_KEY")
	if key == "" {
		t.Skip("set WAR_ROOM_IT_ANTHROPIC_KEY to run against the real API")
	}
	model := os.Getenv("WAR_ROOM_IT_ANTHROPIC_MODEL")
	if model == "" {
		model = "claude-haiku-4-5"
	}
	c := New(Config{APIKey: key, BaseURL: os.Getenv("WAR_ROOM_IT_ANTHROPIC_BASE_URL"), Model: model})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	resp, err := c.Complete(ctx, provider.Request{
		System:    "Answer with one word.",
		User:      "What is the opposite of ping?",
		MaxTokens: 32,
	})
	require.NoError(t, err)
	assert.NotEmpty(t, resp.Text)
	assert.NotEmpty(t, resp.Model)
	assert.Positive(t, resp.Usage.InputTokens)
	assert.Positive(t, resp.Usage.OutputTokens)

	_, err = c.Complete(ctx, provider.Request{User: "q", Model: "no-such-model-war-room"})
	assert.Equal(t, provider.ClassInvalidRequest, provider.ClassOf(err), "unknown model: %v", err)
}
