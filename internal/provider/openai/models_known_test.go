package openai

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine/provider"
)

func TestKnownModels(t *testing.T) {
	c, ok := Known("gpt-5-2025-08-07")
	assert.True(t, ok)
	assert.Equal(t, []provider.Effort{"low", "medium", "high"}, c.EffortLevels)
	c, _ = Known("gpt-5-chat-latest")
	assert.Empty(t, c.EffortLevels, "a chat model rejects reasoning_effort")
	c, _ = Known("gpt-4o-mini")
	assert.Empty(t, c.EffortLevels)
	c, _ = Known("models/gemini-3-pro-preview")
	assert.Equal(t, []provider.Effort{"low", "high"}, c.EffortLevels, "Gemini 3 Pro takes fewer levels")
	c, _ = Known("gemini-2.5-pro")
	assert.Equal(t, 1048576, c.ContextTokens)
	_, ok = Known("qwen3:32b")
	assert.False(t, ok)
}

// gpt-5.5 takes xhigh; Gemini 2.5, controlled by a thinking budget, takes low to high through
// the OpenAI-compatible endpoint; a newer Gemini Flash is inferred from the newest known.
func TestCurrentModelsTakeTheirSettings(t *testing.T) {
	c, ok := Known("gpt-5.5")
	assert.True(t, ok)
	assert.Equal(t, []provider.Effort{"low", "medium", "high", "xhigh"}, c.EffortLevels)
	assert.False(t, c.Inferred)
	c, _ = Known("gemini-2.5-flash")
	assert.Equal(t, []provider.Effort{"low", "medium", "high"}, c.EffortLevels)
	c, ok = Known("gemini-3.7-flash")
	assert.True(t, ok)
	assert.True(t, c.Inferred)
	assert.Contains(t, c.Source, "gemini-3.5-flash")
}
