package anthropic

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine/provider"
)

func TestKnownModels(t *testing.T) {
	c, ok := Known("claude-opus-4-5-20251101")
	assert.True(t, ok, "a dated id matches its alias")
	assert.Equal(t, []provider.Effort{"low", "medium", "high"}, c.EffortLevels)
	assert.Equal(t, provider.ThinkingOff, c.Thinking)

	c, _ = Known("claude-opus-4-6")
	assert.Equal(t, []provider.Effort{"low", "medium", "high", "max"}, c.EffortLevels, "no xhigh before Opus 4.7")
	assert.Equal(t, provider.ThinkingAdaptive, c.Thinking)

	c, _ = Known("claude-opus-4-7")
	assert.Contains(t, c.EffortLevels, provider.EffortXHigh)

	c, ok = Known("claude-sonnet-4-5")
	assert.True(t, ok)
	assert.Empty(t, c.EffortLevels, "Sonnet 4.5 rejects effort")
	assert.NotNil(t, c.EffortLevels, "known to take none, not unknown")

	_, ok = Known("claude-next-9")
	assert.False(t, ok)
}
