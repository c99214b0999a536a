package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The generator reads a models.dev checkout as models.dev merges it — a provider's file over
// the shared model it names, key by key — keeps text models only, and records the commit.
func TestGenerateFromACheckout(t *testing.T) {
	src := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(src, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	write("models/openai/gpt-9.toml", "name = \"GPT-9\"\nfamily = \"gpt\"\nreasoning = true\n[cost]\ninput = 2.0\noutput = 8.0\ncache_read = 0.5\n[limit]\ncontext = 500_000\noutput = 100_000\n[modalities]\noutput = [\"text\"]\n")
	write("providers/openai/models/gpt-9.toml", "base_model = \"openai/gpt-9\"\nreasoning_options = [{ type = \"effort\", values = [\"none\", \"low\", \"high\"] }]\n[cost]\ninput = 1.0\n")
	write("providers/openai/models/dall-e.toml", "name = \"Images\"\n[modalities]\noutput = [\"image\"]\n")
	write("providers/anthropic/models/claude-x-1.toml", "name = \"X\"\nfamily = \"claude-x\"\n[[reasoning_options]]\ntype = \"budget_tokens\"\nmin = 1024\n[limit]\ncontext = 200_000\noutput = 64_000\n[modalities]\noutput = [\"text\"]\n")
	write("providers/google/models/gemini-x.toml", "name = \"G\"\n[modalities]\noutput = [\"text\"]\n")
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "x"}} {
		out, err := exec.Command("git", append([]string{"-C", src}, args...)...).CombinedOutput()
		require.NoError(t, err, "%s", out)
	}
	out := filepath.Join(t.TempDir(), "models.json")
	require.NoError(t, run(src, out))
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	var c catalog
	require.NoError(t, json.Unmarshal(raw, &c))
	assert.Len(t, c.Source.Commit, 40)
	require.Len(t, c.Models, 3, "the image model is left out: %+v", c.Models)
	gpt := c.Models[2]
	assert.Equal(t, "gpt-9", gpt.ID)
	assert.Equal(t, []string{"none", "low", "high"}, gpt.Effort)
	assert.Equal(t, Price{Input: 1.0, Output: 8.0, CacheRead: 0.5}, gpt.Price, "the provider's input price over the base's, the rest kept")
	assert.Equal(t, 500000, gpt.Context)
	assert.Equal(t, []string{"budget_tokens"}, c.Models[0].Options)

	require.ErrorContains(t, run("", out), "MODELS_DEV")
	require.ErrorContains(t, run(t.TempDir(), out), "not a git checkout")
}
