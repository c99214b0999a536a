package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// war-room models ID says what a profile sends a model and why: a current Opus its effort
// and adaptive thinking, an unknown Opus its line's newest known settings (saying it was
// inferred), an id of no known line nothing; the list covers every vendor's catalog.
func TestModelsSaysWhatEachModelIsSent(t *testing.T) {
	e, out, _ := testEnv(nil)
	require.Equal(t, exitOK, run(context.Background(), e, []string{"models", "--json", "claude-opus-4-8", "claude-opus-9", "gpt-5.5", "qwen3:32b"}))
	var got struct{ Models []modelSettings }
	require.NoError(t, json.Unmarshal(out.Bytes(), &got))
	by := map[string]modelSettings{}
	for _, m := range got.Models {
		by[m.Model] = m
	}
	require.Len(t, by, 4, "each id once: %+v", got.Models)
	assert.Equal(t, "anthropic", by["claude-opus-4-8"].Type)
	assert.Equal(t, "adaptive", by["claude-opus-4-8"].Thinking)
	assert.Contains(t, by["claude-opus-4-8"].Effort, "max")
	assert.True(t, by["claude-opus-9"].Inferred)
	assert.Contains(t, by["claude-opus-9"].Why, "claude-opus-4-8")
	assert.Equal(t, "openai", by["gpt-5.5"].Type)
	assert.Contains(t, by["gpt-5.5"].Effort, "xhigh")
	assert.False(t, by["qwen3:32b"].Known)
	assert.Contains(t, by["qwen3:32b"].Why, "unless the profile sets effort_levels")

	e, out, _ = testEnv(nil)
	require.Equal(t, exitOK, run(context.Background(), e, []string{"models"}))
	for _, want := range []string{"models.dev at ", "claude-opus-4-8", "gpt-5.5", "gemini-3.1-pro-preview", "EFFORT"} {
		assert.Contains(t, out.String(), want)
	}
	assert.Greater(t, strings.Count(out.String(), "\n"), 50)
}
