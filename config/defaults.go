package config

import "time"

// DefaultPath is where the App and the Action look for the configuration in a repository.
const DefaultPath = ".github/war-room.yml"

// CurrentVersion is the only schema version this package reads.
const CurrentVersion = 1

// Provider profile defaults.
const (
	// DefaultMaxConcurrency is at least the widest fan-out of any protocol (war-room's phases
	// ask at most its eight seats at once; a council's blind round at most its six seats), so
	// a panel on one profile never waits an extra round for a slot. A vendor whose rate limit
	// is lower is configured down per profile.
	DefaultMaxConcurrency  = 8
	DefaultProviderTimeout = 120 * time.Second
	DefaultMaxAttempts     = 3
	// DefaultMaxTokens is a call's output budget; DefaultThinkingMaxTokens is the budget
	// when the profile thinks, since thinking tokens count against it.
	DefaultMaxTokens         = 8192
	DefaultThinkingMaxTokens = 32000
	DefaultCacheWarmup       = true
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
	DefaultMutationSpacing    = 1 * time.Second // github.write_spacing and its older name
	DefaultProgressThrottle   = 10 * time.Second
)

// Review defaults.
const (
	DefaultContractPath      = ".github/war-room/acceptance.md"
	DefaultDiversity         = DiversityCrossFamily
	DefaultMaxDiffBytes      = 1 << 20
	DefaultReviewDrafts      = false
	DefaultRefutedConclusion = ConclusionFailure
	DefaultMinSeverity       = SeverityMinor
	DefaultMaxComments       = 20
	DefaultLaneInline        = true
)

// Default returns a configuration with every default applied, the given protocol sections
// with their own defaults, and no provider profiles.
func Default(sections ...Section) *Config {
	cfg := &Config{
		Version:   CurrentVersion,
		Providers: map[string]ProviderConfig{},
		Budget:    Budget{MaxTokens: DefaultBudgetMaxTokens, MaxUSD: DefaultBudgetMaxUSD},
		GitHub: GitHub{
			Trigger: Trigger{MinPermission: DefaultMinPermission, IgnoreBots: DefaultIgnoreBots},
			Discussions: Discussions{
				Category:        DefaultDiscussionCategory,
				Labels:          []string{DefaultDiscussionLabel},
				PriorCheck:      DefaultPriorCheck,
				DeferredIssues:  DefaultDeferredIssues,
				MutationSpacing: DefaultMutationSpacing,
			},
			Progress:     Progress{Throttle: DefaultProgressThrottle},
			WriteSpacing: DefaultMutationSpacing,
		},
		Review: Review{
			ContractPath:      DefaultContractPath,
			Diversity:         DefaultDiversity,
			MaxDiffBytes:      DefaultMaxDiffBytes,
			Drafts:            DefaultReviewDrafts,
			RefutedConclusion: DefaultRefutedConclusion,
			MinSeverity:       DefaultMinSeverity,
			MaxComments:       DefaultMaxComments,
		},
	}
	cfg.Protocols.withSections(sections)
	return cfg
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
	p.MaxAttempts = DefaultMaxAttempts
	p.MaxTokens = DefaultMaxTokens
	p.CacheWarmup = DefaultCacheWarmup
}
