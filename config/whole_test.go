package config_test

import (
	"maps"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/protocols/council"
	"github.com/war-room/war-room/protocols/reason"
	"github.com/war-room/war-room/protocols/warroom"
)

// These tests read whole files, protocol sections included: the sections are the protocols'
// own (protocols.Sections), as every caller of the loader passes them.

func load(t *testing.T, file string) *config.Config {
	t.Helper()
	cfg, err := config.Load(file, protocols.Sections()...)
	require.NoError(t, err)
	return cfg
}

func TestParseFullFile(t *testing.T) {
	cfg := load(t, "testdata/good/full.yml")
	require.Equal(t, "testdata/good/full.yml", cfg.Source)
	require.Equal(t, map[string]config.ProviderConfig{
		"claude": {Type: "anthropic", Model: "claude-opus-4-5", Family: "anthropic",
			BaseURL: "https://anthropic.example.test", APIKeyEnv: "ANTHROPIC_API_KEY",
			MaxConcurrency: 2, Timeout: 90 * time.Second, MaxAttempts: 2, MaxTokens: 4096, MaxOutputTokens: 64000,
			EffortLevels: []provider.Effort{"low", "medium", "high"}, Thinking: provider.ThinkingAdaptive,
			ContextTokens: 200000, CacheWarmup: false,
			Price: config.Price{InputPerMTok: 15, OutputPerMTok: 75, CacheReadPerMTok: 1.5, CacheWritePerMTok: 18.75}},
		"gpt": {Type: "openai", Model: "gpt-5", Family: "openai", APIKeyEnv: "OPENAI_API_KEY",
			MaxConcurrency: 0, Timeout: config.DefaultProviderTimeout, MaxAttempts: config.DefaultMaxAttempts,
			MaxTokens: config.DefaultMaxTokens, EffortLevels: []provider.Effort{}, CacheWarmup: config.DefaultCacheWarmup},
		"codex": {Type: "cli", Command: config.CommandCodex, Binary: filepath.Join("testdata/good", "bin/codex"),
			Model: "gpt-5-codex", Family: "openai", MaxConcurrency: config.DefaultMaxConcurrency,
			Timeout: 10 * time.Minute, MaxAttempts: config.DefaultMaxAttempts, MaxTokens: config.DefaultMaxTokens,
			CacheWarmup: config.DefaultCacheWarmup},
		"fake": {Type: "script", Family: "script", Responses: filepath.Join("testdata/good", "script-responses.yml"),
			MaxConcurrency: config.DefaultMaxConcurrency, Timeout: config.DefaultProviderTimeout,
			MaxAttempts: config.DefaultMaxAttempts, MaxTokens: config.DefaultMaxTokens, CacheWarmup: config.DefaultCacheWarmup},
	}, cfg.Providers)
	require.Equal(t, reason.Protocol, cfg.Protocols.Default)
	require.Equal(t, &reason.Section{Pool: []string{"gpt", "claude"}, Roles: map[string]settings.RolePin{
		"attacker": {Profile: "gpt", Effort: "high"}, "synthesizer": {Effort: "max"}}}, cfg.Section(reason.Protocol))
	require.Equal(t, &warroom.Section{Preset: warroom.PresetRiskAverse, Thresholds: []float64{0.35, 0.55, 0.75},
		Roles:          map[string]settings.RolePin{"chief-strategist": {Profile: "claude", Effort: "high"}, "red-team": {Profile: "gpt"}},
		DefaultProfile: "claude",
		Timeouts:       warroom.SectionTimeouts{Expert: time.Minute, Synthesis: 5 * time.Minute},
		Delphi:         warroom.SectionDelphi{Threshold: 0.9, MaxRounds: 3}}, cfg.Section(warroom.Protocol))
	require.Equal(t, &council.Section{Roles: map[string]settings.RolePin{"arbiter": {Profile: "codex", Effort: "xhigh"}}, Unscrubbed: []string{"google"}},
		cfg.Section(council.Protocol))
	require.Equal(t, config.Budget{MaxTokens: 2000000, MaxUSD: 12.5}, cfg.Budget)
	require.Equal(t, config.GitHub{
		Trigger: config.Trigger{MinPermission: config.PermissionMaintain, IgnoreBots: false},
		Discussions: config.Discussions{Category: "architecture-decisions", Labels: []string{"war-room", "adr"},
			PriorCheck: config.PriorCheckInform, DeferredIssues: true, MutationSpacing: 500 * time.Millisecond},
		Progress:     config.Progress{Throttle: 30 * time.Second},
		WriteSpacing: 500 * time.Millisecond,
	}, cfg.GitHub)
	require.Equal(t, config.Review{
		Lanes: []config.Lane{{Name: "correctness", Profile: "gpt", Effort: "high", Inline: true},
			{Name: "security", Profile: "claude", Inline: false}},
		ContractPath: "docs/acceptance.md", Diversity: config.DiversityFreshContext, MaxDiffBytes: 2 << 20,
		Paths:  config.PathFilter{Include: []string{"src/**", "go.mod"}, Exclude: []string{"**/*_test.go", "vendor/**"}},
		Drafts: true, RefutedConclusion: config.ConclusionNeutral, Partial: config.PartialFailure,
		AuthorFamilies:   map[string]string{"dependabot[bot]": "human", "octocat": "human"},
		CoauthorFamilies: map[string]string{"Claude": "anthropic", "Codex": "openai"},
		MinSeverity:      config.SeverityMajor, MaxComments: 5, EffortDowngrade: config.EffortState,
	}, cfg.Review)
}

func TestParseMinimalIsDefault(t *testing.T) {
	for _, file := range []string{"testdata/good/minimal.yml", "testdata/good/sections_empty.yml"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			cfg := load(t, file)
			want := config.Default(protocols.Sections()...)
			require.Equal(t, want.Protocols.Default, cfg.Protocols.Default)
			require.Equal(t, warroom.Protocol, cfg.Protocols.Default, "the first section's protocol")
			for _, name := range want.Protocols.Names() {
				require.Equal(t, want.Section(name), cfg.Section(name), name)
			}
			require.Equal(t, want.Budget, cfg.Budget)
			require.Equal(t, want.GitHub, cfg.GitHub)
			require.Equal(t, want.Review, cfg.Review)
		})
	}
}

func TestDetectProvidersForFileWithoutProviders(t *testing.T) {
	data := "version: 1\nprotocols:\n  war_room:\n    default_profile: anthropic\n    roles:\n      scout: {profile: gemini}\n"
	cfg, err := config.Parse("w.yml", []byte(data), protocols.Sections()...)
	require.NoError(t, err, "references wait for the profiles")

	err = cfg.DetectProviders(envOf(map[string]string{"ANTHROPIC_API_KEY": "k"}))
	require.EqualError(t, err, `w.yml:6:24: protocols.war_room.roles.scout.profile: unknown profile "gemini" (profiles: "anthropic")`)

	cfg, err = config.Parse("w.yml", []byte(data), protocols.Sections()...)
	require.NoError(t, err)
	require.NoError(t, cfg.DetectProviders(envOf(map[string]string{"ANTHROPIC_API_KEY": "k", "GEMINI_API_KEY": "g"})))
	require.Equal(t, []string{"anthropic", "gemini"}, slices.Sorted(maps.Keys(cfg.Providers)))
}

func TestDetectProvidersLeavesFileProfilesAlone(t *testing.T) {
	cfg := load(t, "testdata/good/full.yml")
	require.NoError(t, cfg.DetectProviders(envOf(map[string]string{"GEMINI_API_KEY": "g"})))
	require.NotContains(t, cfg.Providers, "gemini")
}

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}
