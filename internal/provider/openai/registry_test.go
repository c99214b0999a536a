package openai

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPromptCacheKeyOnlyForOpenAIsEndpoint(t *testing.T) {
	assert.True(t, promptCacheKey(""))
	assert.True(t, promptCacheKey("https://api.openai.com/v1"))
	assert.False(t, promptCacheKey("https://generativelanguage.googleapis.com/v1beta/openai/"))
	assert.False(t, promptCacheKey("http://127.0.0.1:11434/v1"))
}
