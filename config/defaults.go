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
	defaultBudgetMaxTokens = 0
	defaultBudgetMaxUSD    = 0.0
)

// GitHub defaults.
const (
	DefaultMinPermission      = PermissionWrite
	DefaultIgnoreBots         = true
	defaultDiscussionCategory = "decisions"
	defaultDiscussionLabel    = "war-room"
	defaultPriorCheck         = priorCheckAsk
	defaultDeferredIssues     = false
	defaultMutationSpacing    = 1 * time.Second // github.write_spacing
	defaultProgressThrottle   = 10 * time.Second
)

// Review defaults.
const (
	defaultContractPath      = ".github/war-room/acceptance.md"
	defaultDiversity         = diversityCrossFamily
	defaultMaxDiffBytes      = 1 << 20
	defaultReviewDrafts      = false
	defaultRefutedConclusion = conclusionFailure
	DefaultMinSeverity       = severityMinor
	DefaultMaxComments       = 20
	defaultLaneInline        = true
)

// Default returns a configuration with every default applied, the given protocol sections
// with their own defaults, and no provider profiles.
func Default(sections ...Section) *Config {
	cfg := &Config{
		Version:   CurrentVersion,
		Providers: map[string]ProviderConfig{},
		Budget:    Budget{MaxTokens: defaultBudgetMaxTokens, MaxUSD: defaultBudgetMaxUSD},
		GitHub: GitHub{
			Trigger: Trigger{MinPermission: DefaultMinPermission, IgnoreBots: DefaultIgnoreBots},
			Discussions: Discussions{
				Category:        defaultDiscussionCategory,
				Labels:          []string{defaultDiscussionLabel},
				PriorCheck:      defaultPriorCheck,
				DeferredIssues:  defaultDeferredIssues,
				MutationSpacing: defaultMutationSpacing,
			},
			Progress:     Progress{Throttle: defaultProgressThrottle},
			WriteSpacing: defaultMutationSpacing,
		},
		Review: Review{
			ContractPath:      defaultContractPath,
			Diversity:         defaultDiversity,
			MaxDiffBytes:      defaultMaxDiffBytes,
			Drafts:            defaultReviewDrafts,
			RefutedConclusion: defaultRefutedConclusion,
			Partial:           PartialNeutral,
			MinSeverity:       DefaultMinSeverity,
			MaxComments:       DefaultMaxComments,
			EffortDowngrade:   EffortRefuse,
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
