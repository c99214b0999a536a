package reviewlane

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
)

func TestOptionsFromConfig(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.yml"), []byte("responses: []\n"), 0o644))
	path := filepath.Join(dir, "war-room.yml")
	require.NoError(t, os.WriteFile(path, []byte(`version: 1
providers:
  gpt: {type: script, family: openai, responses: x.yml, timeout: 30s, max_tokens: 2000}
  Claude.Opus: {type: script, family: anthropic, responses: x.yml}
review:
  lanes:
    - {name: correctness, profile: gpt, effort: high}
  contract_path: docs/acceptance.md
  diversity: fresh-context
  max_diff_bytes: 5000
  paths: {exclude: ["vendor/**"]}
  coauthor_families: {Claude: anthropic}
`), 0o644))
	cfg, err := config.Load(path)
	require.NoError(t, err)
	profiles := engine.Profiles{"gpt": {Name: "gpt", Family: "openai", Model: "m1"}, "Claude.Opus": {Name: "Claude.Opus", Family: "anthropic"}}

	o, err := OptionsFromConfig(cfg, profiles, "/ev", nil)
	require.NoError(t, err)
	assert.Equal(t, []laneSpec{{Name: "correctness", Profile: "gpt", Family: "openai", Model: "m1", Effort: "high", EffortDowngrade: "refuse"}}, o.Lanes)
	assert.Equal(t, "fresh-context", o.Diversity)
	assert.Equal(t, int64(5000), o.MaxDiffBytes)
	assert.Equal(t, "docs/acceptance.md", o.ContractPath)
	assert.Equal(t, []string{"vendor/**"}, o.Paths.Exclude)
	assert.Equal(t, map[string]string{"Claude": "anthropic"}, o.CoauthorFamilies)

	o, err = OptionsFromConfig(cfg, profiles, "/ev", []string{"Claude.Opus"})
	require.NoError(t, err)
	assert.Equal(t, []laneSpec{{Name: "claude-opus", Profile: "Claude.Opus", Family: "anthropic", EffortDowngrade: "refuse"}}, o.Lanes)

	_, err = OptionsFromConfig(cfg, profiles, "/ev", []string{"nope"})
	assert.ErrorContains(t, err, `unknown provider profile "nope"`)

	assert.Equal(t, Limits{Timeout: 30e9, MaxTokens: 2000}, LimitsFromConfig(cfg)["gpt"])
}
