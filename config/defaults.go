package config

import "time"

// DefaultPath is where the App and the Action look for the configuration in a repository.
const DefaultPath = ".github/war-room.yml"

// CurrentVersion is the only schema version this package reads.
const CurrentVersion = 1

// Provider profile defaults.
const (
	DefaultMaxConcurrency  = 4
	DefaultProviderTimeout = 120 * time.Second
	DefaultMaxTokens       = 8192
)

// Protocol defaults.
const (
	DefaultProtocol         = ProtocolWarRoom
	DefaultPreset           = PresetDefault
	DefaultExpertTimeout    = 120 * time.Second
	DefaultSynthesisTimeout = 180 * time.Second
	DefaultDelphiThreshold  = 0.85
	DefaultDelphiMaxRounds  = 5
)

// Budget defaults: zero means uncapped.
const (
	DefaultBudgetMaxTokens = 0
	DefaultBudgetMaxUSD    = 0.0
)

// GitHub defaults.
const (
	DefaultMinPermission      = PermissionWrite
	DefaultIgnoreBots         = true
	DefaultDiscussionCategory = "decisions"
	DefaultDiscussionLabel    = "war-room"
	DefaultPriorCheck         = PriorCheckAsk
	DefaultDeferredIssues     = false
	DefaultMutationSpacing    = 1 * time.Second
	DefaultProgressThrottle   = 10 * time.Second
)

// Review defaults.
const (
	DefaultContractPath      = ".github/war-room/acceptance.md"
	DefaultDiversity         = DiversityCrossFamily
	DefaultMaxDiffBytes      = 1 << 20
	DefaultReviewDrafts      = false
	DefaultRefutedConclusion = ConclusionFailure
)

// presetThresholds are the reversibility ceilings (express, lightweight, full council) of
// each preset: a score at or below a ceiling gets that mode, above the last gets Delphi.
var presetThresholds = map[Preset][3]float64{
	PresetDefault:    {0.40, 0.60, 0.80},
	PresetMoveFast:   {0.50, 0.70, 0.90},
	PresetRiskAverse: {0.30, 0.50, 0.70},
	PresetStartup:    {0.55, 0.75, 0.90},
	PresetRegulated:  {0.25, 0.45, 0.65},
}

// PresetThresholds returns a preset's ceilings; ok is false for an unknown preset.
func PresetThresholds(p Preset) (t [3]float64, ok bool) {
	t, ok = presetThresholds[p]
	return t, ok
}

// Default returns a configuration with every default applied and no provider profiles.
func Default() *Config {
	return &Config{
		Version:   CurrentVersion,
		Providers: map[string]ProviderConfig{},
		Protocols: Protocols{
			Default: DefaultProtocol,
			WarRoom: WarRoomConfig{
				Preset:   DefaultPreset,
				Timeouts: WarRoomTimeouts{Expert: DefaultExpertTimeout, Synthesis: DefaultSynthesisTimeout},
				Delphi:   Delphi{Threshold: DefaultDelphiThreshold, MaxRounds: DefaultDelphiMaxRounds},
			},
		},
		Budget: Budget{MaxTokens: DefaultBudgetMaxTokens, MaxUSD: DefaultBudgetMaxUSD},
		GitHub: GitHub{
			Trigger: Trigger{MinPermission: DefaultMinPermission, IgnoreBots: DefaultIgnoreBots},
			Discussions: Discussions{
				Category:        DefaultDiscussionCategory,
				Labels:          []string{DefaultDiscussionLabel},
				PriorCheck:      DefaultPriorCheck,
				DeferredIssues:  DefaultDeferredIssues,
				MutationSpacing: DefaultMutationSpacing,
			},
			Progress: Progress{Throttle: DefaultProgressThrottle},
		},
		Review: Review{
			ContractPath:      DefaultContractPath,
			Diversity:         DefaultDiversity,
			MaxDiffBytes:      DefaultMaxDiffBytes,
			Drafts:            DefaultReviewDrafts,
			RefutedConclusion: DefaultRefutedConclusion,
		},
	}
}

// NewProviderConfig returns a profile of the given type with the profile defaults applied.
func NewProviderConfig(t ProviderType) ProviderConfig {
	p := ProviderConfig{Type: t}
	p.applyDefaults()
	return p
}

// applyDefaults fills the defaults of a profile the decoder is about to fill from the file.
func (p *ProviderConfig) applyDefaults() {
	p.MaxConcurrency = DefaultMaxConcurrency
	p.Timeout = DefaultProviderTimeout
	p.MaxTokens = DefaultMaxTokens
}

// EffectiveThresholds returns the effective reversibility ceilings: the explicit override when set,
// else the preset's.
func (w WarRoomConfig) EffectiveThresholds() [3]float64 {
	if len(w.Thresholds) == 3 {
		return [3]float64{w.Thresholds[0], w.Thresholds[1], w.Thresholds[2]}
	}
	t, _ := PresetThresholds(w.Preset)
	return t
}
