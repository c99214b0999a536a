package openai

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// TestIntegration calls a real endpoint. It runs only when WAR_ROOM_IT_OPENAI_KEY is set;
// WAR_ROOM_IT_OPENAI_BASE_URL and WAR_ROOM_IT_OPENAI_MODEL optionally point it at another
// compatible server and model.
func TestIntegration(t *testing.T) {
	key := os.Getenv("WAR_ROOM_IT_OPENAI_KEY")
	if key == "" {
		t.Skip("set WAR_ROOM_IT_OPENAI_KEY to run against a real endpoint")
	}
	base := os.Getenv("WAR_ROOM_IT_OPENAI_BASE_URL")
	model := os.Getenv("WAR_ROOM_IT_OPENAI_MODEL")
	if model == "" {
		model = "gpt-4o-mini"
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	ids, err := ListModels(ctx, base, key, nil)
	require.NoError(t, err)
	assert.NotEmpty(t, ids)

	c := New(Config{APIKey: key, BaseURL: base, Model: model})
	resp, err := c.Complete(ctx, provider.Request{
		System:    "Answer with one word.",
		User:      "What is the opposite of ping?",
		MaxTokens: 64,
	})
	require.NoError(t, err)
	assert.NotEmpty(t, resp.Text)
	assert.NotEmpty(t, resp.Model)
	assert.Positive(t, resp.Usage.InputTokens+resp.Usage.CacheReadTokens)
	assert.Positive(t, resp.Usage.OutputTokens)
}
