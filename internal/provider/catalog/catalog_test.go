package catalog

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Ids resolve exactly, as dated ids of their alias, and by line to the nearest known
// version, saying so; an id of no known line is unknown.
func TestFindResolvesIdsAndLines(t *testing.T) {
	for _, c := range []struct {
		asked, vendor, want string
		inferred            bool
	}{
		{"claude-opus-4-8", "anthropic", "claude-opus-4-8", false},
		{"Claude-Opus-4-5-20251101", "anthropic", "claude-opus-4-5-20251101", false},
		{"gpt-5-2025-08-07", "openai", "gpt-5", false},
		{"models/gemini-3.1-pro-preview", "google", "gemini-3.1-pro-preview", false},
		{"gpt-5.5", "openai", "gpt-5.5", false},
		{"claude-opus-9", "anthropic", "claude-opus-4-8", true},
		{"claude-opus-5", "anthropic", "claude-opus-4-8", true},
		{"claude-sonnet-4-7", "anthropic", "claude-sonnet-4-6", true},
		{"gpt-5.6-mini", "openai", "gpt-5.4-mini", true},
		{"gemini-4-flash", "google", "gemini-3.5-flash", true},
	} {
		m, ok := Find(c.asked, c.vendor)
		if assert.True(t, ok, c.asked) {
			assert.Equal(t, c.want, m.ID, c.asked)
			assert.Equal(t, c.inferred, m.Inferred, c.asked)
			assert.Equal(t, c.inferred, strings.Contains(m.How(), "is not in war-room's model catalog"), m.How())
		}
	}
	for _, id := range []string{"claude-next", "qwen3:32b", "o9", ""} {
		_, ok := Find(id, "anthropic", "openai", "google")
		assert.False(t, ok, id)
	}
	_, ok := Find("claude-opus-4-8", "openai")
	assert.False(t, ok, "an id is found only among the vendors asked")
}

// An id older than every known version of its line takes the oldest known one.
func TestFindBelowEveryKnownVersion(t *testing.T) {
	m, ok := Find("claude-opus-2", "anthropic")
	require.True(t, ok)
	assert.True(t, m.Inferred)
	assert.Equal(t, "claude-3-opus-20240229", m.ID, "the oldest opus the snapshot knows")
}

// The snapshot records its source and licence, and holds the vendors' current models with
// the fields the adapters read.
func TestSnapshotIsWhole(t *testing.T) {
	s := Snapshot()
	assert.Len(t, s.Commit, 40)
	assert.NotEmpty(t, s.Date)
	lic, err := os.ReadFile("LICENSE.models.dev")
	require.NoError(t, err)
	assert.Contains(t, string(lic), "MIT License")
	m, ok := Find("claude-opus-4-8", "anthropic")
	require.True(t, ok)
	assert.Equal(t, []string{"low", "medium", "high", "xhigh", "max"}, m.Effort)
	assert.Positive(t, m.Context)
	assert.Positive(t, m.Output)
	assert.Positive(t, m.Price.Input)
	for _, v := range []string{"anthropic", "openai", "google"} {
		assert.NotEmpty(t, Models(v), v)
	}
	var again struct{ Models []json.RawMessage }
	require.NoError(t, json.Unmarshal(raw, &again))
	assert.Len(t, Models(), len(again.Models))
}
