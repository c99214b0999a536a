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

// Current and future models get the settings their line takes: Opus 4.8 and an Opus 5 the
// catalog does not know send effort (up to max) and adaptive thinking, the unknown one
// inferred and saying so; a known id is not inferred.
func TestCurrentAndNewerModelsTakeTheirLinesSettings(t *testing.T) {
	for _, id := range []string{"claude-opus-4-8", "claude-opus-5", "claude-opus-9", "claude-sonnet-5"} {
		c, ok := Known(id)
		assert.True(t, ok, id)
		assert.Equal(t, provider.ThinkingAdaptive, c.Thinking, id)
		assert.Contains(t, c.EffortLevels, provider.EffortXHigh, id)
		assert.Contains(t, c.EffortLevels, provider.EffortMax, id)
		assert.Positive(t, c.MaxOutputTokens, id)
	}
	c, _ := Known("claude-opus-9")
	assert.True(t, c.Inferred)
	assert.Contains(t, c.Source, "claude-opus-9 is not in war-room's model catalog")
	assert.Contains(t, c.Source, "claude-opus-4-8")
	c, _ = Known("claude-opus-4-8")
	assert.False(t, c.Inferred)
	assert.InDelta(t, 5.0, c.InputPerMTok, 1e-9)
	assert.InDelta(t, 1.25, c.CacheWrite, 1e-9)
	c, _ = Known("claude-haiku-4-5")
	assert.Equal(t, provider.ThinkingOff, c.Thinking, "Haiku takes no adaptive thinking")
}
