package estimate

import (
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// Seed latencies: the median time one call takes before anything was recorded here, by the
// kind of endpoint and the effort asked. They were set from measured runs of hosted models
// and agent CLIs (a high-effort hosted call answering in well under a minute, an agent CLI
// at its deepest effort in about five); the range shown for a seeded profile is half to
// twice the median, because a seed is a guess and says so.
var seedLatency = map[string]map[provider.Effort]time.Duration{
	"api": {provider.EffortLow: 10 * time.Second, provider.EffortMedium: 25 * time.Second,
		provider.EffortHigh: 45 * time.Second, provider.EffortXHigh: 60 * time.Second, provider.EffortMax: 300 * time.Second},
	provider.TypeCLI: {provider.EffortLow: 30 * time.Second, provider.EffortMedium: 45 * time.Second,
		provider.EffortHigh: 60 * time.Second, provider.EffortXHigh: 60 * time.Second, provider.EffortMax: 300 * time.Second},
	// The script provider answers from a file; its seed says "about a second" until its
	// simulated latency has been recorded.
	provider.TypeScript: {"": time.Second},
}

// Seed token sizes of one call before anything was recorded: the prompt (role body, the
// question and its material) and the answer.
const (
	SeedInputTokens  = 4000
	SeedOutputTokens = 800
)

// SeedLatency is the seeded median latency of a call on a profile of this type (anthropic,
// openai, cli, script) at this effort.
func SeedLatency(profileType string, effort provider.Effort) time.Duration {
	kind := "api"
	switch profileType {
	case provider.TypeCLI, provider.TypeScript:
		kind = profileType
	}
	table := seedLatency[kind]
	if d, ok := table[effort]; ok {
		return d
	}
	if d, ok := table[provider.EffortMedium]; ok {
		return d
	}
	return table[""]
}
