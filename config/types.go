package config

import (
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Config is the whole configuration file. Every field has a default (see Default) except the
// provider profiles, which the file or the environment must supply.
type Config struct {
	Version   int                       `yaml:"version"`
	Providers map[string]ProviderConfig `yaml:"providers" mapkey:"name"`
	Protocols Protocols                 `yaml:"protocols"`
	Budget    Budget                    `yaml:"budget"`
	Baseline  Baseline                  `yaml:"baseline"`
	GitHub    GitHub                    `yaml:"github"`
	Review    Review                    `yaml:"review"`

	// Source names where the configuration came from: the file name given to Load or Parse,
	// or SourceEnvironment for Detect.
	Source string `yaml:"-"`
	// dir is the directory relative paths were resolved against.
	dir string
	// pos records where each key path's value sat in the file, for errors found after parsing.
	pos map[string]position
	// failed marks key paths the decoder already reported, so that validation does not pile
	// "missing key" errors on top of the one that matters.
	failed map[string]bool
}

// ProviderConfig is one provider profile: a model on an endpoint, with the family that
// independence between panel members is judged by.
type ProviderConfig struct {
	Type           ProviderType  `yaml:"type"`
	Model          string        `yaml:"model"`
	Family         string        `yaml:"family"`
	BaseURL        string        `yaml:"base_url"`
	APIKeyEnv      string        `yaml:"api_key_env"`
	MaxConcurrency int           `yaml:"max_concurrency"`
	Timeout        time.Duration `yaml:"timeout"`
	// MaxAttempts bounds the requests one call makes, retries included.
	MaxAttempts int `yaml:"max_attempts"`
	// MaxTokens is the output budget of a call. Left unset on a profile that thinks, the
	// builder raises it to DefaultThinkingMaxTokens (see Config.Set).
	MaxTokens int `yaml:"max_tokens"`
	// MaxOutputTokens is the budget of the one retry a truncated answer gets; 0 means the
	// model's documented limit where war-room knows it, else no such retry.
	MaxOutputTokens int `yaml:"max_output_tokens"`
	// EffortLevels are the levels the model accepts; nil (not set) means the built-in
	// default for the model, an empty list means never send effort.
	EffortLevels []provider.Effort `yaml:"effort_levels"`
	// Thinking is anthropic's thinking mode; empty means the model's recommended default.
	Thinking provider.Thinking `yaml:"thinking"`
	// ContextTokens is the model's context window; 0 means the built-in or detected value.
	ContextTokens int `yaml:"context_tokens"`
	// CacheWarmup makes parallel calls that share an uncached prefix wait for the first.
	CacheWarmup bool       `yaml:"cache_warmup"`
	Price       Price      `yaml:"price"`
	Command     cliCommand `yaml:"command"`
	Binary      string     `yaml:"binary"`
	Responses   string     `yaml:"responses"`
}

// Price is USD per million tokens; input and output both zero means unpriced. Zero cache
// prices mean the defaults derived from the input price as the vendor documents them.
type Price struct {
	InputPerMTok      float64 `yaml:"input_per_mtok"`
	OutputPerMTok     float64 `yaml:"output_per_mtok"`
	CacheReadPerMTok  float64 `yaml:"cache_read_per_mtok"`
	CacheWritePerMTok float64 `yaml:"cache_write_per_mtok"`
}

// Budget caps one session; zero means uncapped.
type Budget struct {
	MaxTokens int64   `yaml:"max_tokens"`
	MaxUSD    float64 `yaml:"max_usd"`
}

// Baseline asks every protocol that chooses among options for a matched-compute vote beside
// its decision (see engine.Baseline).
type Baseline struct {
	// Calls is a whole number of calls, "matched" or "off" (as --baseline takes it).
	Calls string `yaml:"calls"`
}

// BaselineSetting is the vote the configuration asks for (validation has refused a value
// engine.ParseBaseline cannot read).
func (cfg *Config) BaselineSetting() engine.Baseline {
	b, _ := engine.ParseBaseline(cfg.Baseline.Calls)
	return b
}

// GitHub configures the App and Action's behaviour on GitHub.
type GitHub struct {
	Trigger     Trigger     `yaml:"trigger"`
	Discussions Discussions `yaml:"discussions"`
	Progress    Progress    `yaml:"progress"`
	// WriteSpacing is the least time between two writes of one installation or token, REST
	// and GraphQL alike;
	// after loading, both fields hold the same value.
	WriteSpacing time.Duration `yaml:"write_spacing"`
}

// Trigger says who may start a session.
type Trigger struct {
	MinPermission Permission `yaml:"min_permission"`
	IgnoreBots    bool       `yaml:"ignore_bots"`
}

// Discussions configures publishing.
type Discussions struct {
	Category       string     `yaml:"category"`
	Labels         []string   `yaml:"labels"`
	PriorCheck     priorCheck `yaml:"prior_check"`
	DeferredIssues bool       `yaml:"deferred_issues"`
	// MutationSpacing is GitHub.WriteSpacing as the publisher takes it; not a key of the file.
	MutationSpacing time.Duration `yaml:"-"`
}

// Progress configures the live progress comment.
type Progress struct {
	Throttle time.Duration `yaml:"throttle"`
}

// Review configures pull-request review lanes.
type Review struct {
	Lanes             []Lane     `yaml:"lanes"`
	ContractPath      string     `yaml:"contract_path"`
	Diversity         diversity  `yaml:"diversity"`
	MaxDiffBytes      int64      `yaml:"max_diff_bytes"`
	Paths             PathFilter `yaml:"paths"`
	Drafts            bool       `yaml:"drafts"`
	RefutedConclusion conclusion `yaml:"refuted_conclusion"`
	// Partial is the conclusion of a lane that was shown only part of the diff (files over
	// the size limit, binaries, excluded paths): neutral by default, never a green check for
	// a review that did not see the whole change.
	Partial          partialConclusion `yaml:"partial"`
	AuthorFamilies   map[string]string `yaml:"author_families" mapkey:"login"`
	CoauthorFamilies map[string]string `yaml:"coauthor_families" mapkey:"name"`
	// MinSeverity is the least severity a finding needs to be posted on the pull request;
	// below it a finding is in the lane's check run only.
	MinSeverity severity `yaml:"min_severity"`
	// MaxComments bounds the line comments one lane posts for one head; the rest go to the
	// review's body.
	MaxComments int `yaml:"max_comments"`
	// EffortDowngrade is what a lane does when its model cannot take the effort it asks:
	// refuse (the lane is blocked, no call made) or state (it runs at the level the model
	// takes, and its result and check run say so). Never lowered silently.
	EffortDowngrade effortDowngrade `yaml:"effort_downgrade"`
}

// Lane is one independent review lane.
type Lane struct {
	Name    string          `yaml:"name"`
	Profile string          `yaml:"profile"`
	Effort  provider.Effort `yaml:"effort"`
	// Inline says whether the lane's findings are posted on the lines they concern; false
	// keeps them all in the review's body. A lane built in code must set it: the default
	// (true) is applied only when a file is read.
	Inline bool `yaml:"inline"`
	// Focus is what the lane looks at first (correctness, security, performance, tests,
	// docs); empty reviews everything the contract asks.
	Focus LaneFocus `yaml:"focus"`
	// FocusFile is the repository's own words for the lane's focus: a file read at the base
	// commit, like the contract, so a pull request cannot rewrite it. Not with Focus.
	FocusFile string `yaml:"focus_file"`
}

// applyDefaults fills the defaults of a lane the decoder is about to fill from the file.
func (l *Lane) applyDefaults() { l.Inline = defaultLaneInline }

// PathFilter selects the changed files a review looks at.
type PathFilter struct {
	Include []string `yaml:"include"`
	Exclude []string `yaml:"exclude"`
}
