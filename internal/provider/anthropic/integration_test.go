package anthropic

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// TestIntegration calls the real API. It runs only when WAR_ROOM_IT_ANTHROPIC_KEY is set;
// WAR_ROOM_IT_ANTHROPIC_BASE_URL and WAR_ROOM_IT_ANTHROPIC_MODEL optionally override the
// endpoint and the model.
func TestIntegration(t *testing.T) {
	key, base, model := vendortest.Live(t, "ANTHROPIC", "claude-haiku-4-5")
	c := New(Config{APIKey: key, BaseURL: base, Model: model})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	resp := vendortest.AskOneWord(ctx, t, c, 32)
	assert.Positive(t, resp.Usage.InputTokens)

	_, err := c.Complete(ctx, provider.Request{User: "q", Model: "no-such-model-war-room"})
	assert.Equal(t, provider.ClassInvalidRequest, provider.ClassOf(err), "unknown model: %v", err)
}
