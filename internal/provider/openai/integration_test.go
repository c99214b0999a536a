package openai

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// TestIntegration calls a real endpoint. It runs only when WAR_ROOM_IT_OPENAI_KEY is set;
// WAR_ROOM_IT_OPENAI_BASE_URL and WAR_ROOM_IT_OPENAI_MODEL optionally point it at another
// compatible server and model.
func TestIntegration(t *testing.T) {
	key, base, model := vendortest.Live(t, "OPENAI", "gpt-4o-mini")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	ids, err := ListModels(ctx, base, key, nil)
	require.NoError(t, err)
	assert.NotEmpty(t, ids)

	// prompt_tokens counts cached tokens too, so a fully cached prompt can show no input.
	resp := vendortest.AskOneWord(ctx, t, New(Config{APIKey: key, BaseURL: base, Model: model}), 64)
	assert.Positive(t, resp.Usage.InputTokens+resp.Usage.CacheReadTokens)
}
