package config

import (
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestParseFullFile(t *testing.T) {
	cfg, err := Load("testdata/good/full.yml")
	require.NoError(t, err)

	want := Default()
	want.Source = "testdata/good/full.yml"
	want.Providers = map[string]ProviderConfig{
		"claude": {Type: TypeAnthropic, Model: "claude-opus-4-5", Family: "anthropic",
			BaseURL: "https://anthropic.example.test", APIKeyEnv: "ANTHROPIC_API_KEY",
			MaxConcurrency: 2, Timeout: 90 * time.Second, MaxTokens: 4096,
			Price: Price{InputPerMTok: 15, OutputPerMTok: 75}},
		"gpt": {Type: TypeOpenAI, Model: "gpt-5", Family: "openai", APIKeyEnv: "OPENAI_API_KEY",
			MaxConcurrency: 0, Timeout: DefaultProviderTimeout, MaxTokens: DefaultMaxTokens},
		"codex": {Type: TypeCLI, Command: CommandCodex, Binary: filepath.Join("testdata/good", "bin/codex"),
			Model: "gpt-5-codex", Family: "openai", MaxConcurrency: DefaultMaxConcurrency,
			Timeout: 10 * time.Minute, MaxTokens: DefaultMaxTokens},
		"fake": {Type: TypeScript, Family: "script", Responses: filepath.Join("testdata/good", "script-responses.yml"),
			MaxConcurrency: DefaultMaxConcurrency, Timeout: DefaultProviderTimeout, MaxTokens: DefaultMaxTokens},
	}
	want.Protocols = Protocols{
		Default: ProtocolReason,
		Reason: ReasonConfig{Pool: []string{"gpt", "claude"}, Roles: map[string]Role{
			"attacker": {Profile: "gpt", Effort: "high"}, "synthesizer": {Effort: "max"}}},
		WarRoom: WarRoomConfig{
			Preset: PresetRiskAverse, Thresholds: []float64{0.35, 0.55, 0.75},
			Roles: map[string]Role{
				"chief-strategist": {Profile: "claude", Effort: "high"}, "red-team": {Profile: "gpt"}},
			DefaultProfile: "claude",
			Timeouts:       WarRoomTimeouts{Expert: time.Minute, Synthesis: 5 * time.Minute},
			Delphi:         Delphi{Threshold: 0.9, MaxRounds: 3},
		},
		Council: CouncilConfig{Roles: map[string]Role{"arbiter": {Profile: "codex", Effort: "xhigh"}}, Unscrubbed: []string{"google"}},
	}
	want.Budget = Budget{MaxTokens: 2000000, MaxUSD: 12.5}
	want.GitHub = GitHub{
		Trigger: Trigger{MinPermission: PermissionMaintain, IgnoreBots: false},
		Discussions: Discussions{Category: "architecture-decisions", Labels: []string{"war-room", "adr"},
			PriorCheck: PriorCheckInform, DeferredIssues: true, MutationSpacing: 500 * time.Millisecond},
		Progress: Progress{Throttle: 30 * time.Second},
	}
	want.Review = Review{
		Lanes: []Lane{{Name: "correctness", Profile: "gpt", Effort: "high"},
			{Name: "security", Profile: "claude"}},
		ContractPath: "docs/acceptance.md", Diversity: DiversityFreshContext, MaxDiffBytes: 2 << 20,
		Paths:  PathFilter{Include: []string{"src/**", "go.mod"}, Exclude: []string{"**/*_test.go", "vendor/**"}},
		Drafts: true, RefutedConclusion: ConclusionNeutral,
		AuthorFamilies:   map[string]string{"dependabot[bot]": "human", "octocat": "human"},
		CoauthorFamilies: map[string]string{"Claude": "anthropic", "Codex": "openai"},
	}
	requireSameConfig(t, want, cfg)
	require.Equal(t, [3]float64{0.35, 0.55, 0.75}, cfg.Protocols.WarRoom.EffectiveThresholds())
}

// requireSameConfig compares the exported configuration, ignoring bookkeeping.
func requireSameConfig(t *testing.T, want, got *Config) {
	t.Helper()
	w, g := *want, *got
	w.dir, w.pos, w.failed = "", nil, nil
	g.dir, g.pos, g.failed = "", nil, nil
	require.Equal(t, w, g)
}

func TestParseMinimalIsDefault(t *testing.T) {
	for _, file := range []string{"testdata/good/minimal.yml", "testdata/good/sections_empty.yml"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			cfg, err := Load(file)
			require.NoError(t, err)
			want := Default()
			want.Source = file
			requireSameConfig(t, want, cfg)
		})
	}
}

func TestDefaultValues(t *testing.T) {
	d := Default()
	require.Equal(t, ProtocolWarRoom, d.Protocols.Default)
	require.Equal(t, [3]float64{0.40, 0.60, 0.80}, d.Protocols.WarRoom.EffectiveThresholds())
	require.Equal(t, PermissionWrite, d.GitHub.Trigger.MinPermission)
	require.True(t, d.GitHub.Trigger.IgnoreBots)
	require.Equal(t, []string{"war-room"}, d.GitHub.Discussions.Labels)
	require.Equal(t, int64(1048576), d.Review.MaxDiffBytes)
	require.Zero(t, d.Budget.MaxTokens)
	require.Zero(t, d.Budget.MaxUSD)
	p := NewProviderConfig(TypeOpenAI)
	require.Equal(t, 4, p.MaxConcurrency)
	require.Equal(t, 120*time.Second, p.Timeout)
	require.Equal(t, 8192, p.MaxTokens)
}

func TestPresetThresholds(t *testing.T) {
	cfg, err := Parse("p.yml", []byte("version: 1\nprotocols:\n  war_room:\n    preset: regulated\n"))
	require.NoError(t, err)
	require.Equal(t, [3]float64{0.25, 0.45, 0.65}, cfg.Protocols.WarRoom.EffectiveThresholds())
	for _, p := range enumValues[reflect.TypeFor[Preset]()] {
		tr, ok := PresetThresholds(Preset(p))
		require.True(t, ok, p)
		require.Less(t, tr[0], tr[1])
		require.Less(t, tr[1], tr[2])
	}
}

func TestExplicitEmptyListOverridesDefault(t *testing.T) {
	cfg, err := Parse("l.yml", []byte("version: 1\ngithub:\n  discussions:\n    labels: []\n"))
	require.NoError(t, err)
	require.Empty(t, cfg.GitHub.Discussions.Labels)
}

func TestLoadMissingFile(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "absent.yml"))
	require.ErrorContains(t, err, "absent.yml")
}

func TestOversizedFile(t *testing.T) {
	_, err := Parse("big.yml", make([]byte, MaxFileBytes+1))
	require.ErrorContains(t, err, "big.yml: file is 262145 bytes; the limit is 262144")
}
