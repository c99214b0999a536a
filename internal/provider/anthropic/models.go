package anthropic

import (
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// known are what Anthropic documents about its current models, most specific id first (an id
// with a date suffix matches its alias). Effort: Opus 4.5 takes low to high; Opus 4.6 and
// Sonnet 4.6 add max; Opus 4.7 adds xhigh; Sonnet 4.5, Haiku 4.5 and older models reject the
// parameter. Adaptive thinking is recommended from Opus 4.6 and Sonnet 4.6 on, and older
// models do not accept it. Cache reads cost a tenth of input, five-minute writes 1.25 times.
var known = []struct {
	prefix string
	caps   provider.Capabilities
}{
	{"claude-opus-4-7", caps(provider.Ladder, provider.ThinkingAdaptive, 128000)},
	{"claude-opus-4-6", caps(lowToHigh(provider.EffortMax), provider.ThinkingAdaptive, 128000)},
	{"claude-sonnet-4-6", caps(lowToHigh(provider.EffortMax), provider.ThinkingAdaptive, 64000)},
	{"claude-opus-4-5", caps(lowToHigh(), provider.ThinkingOff, 64000)},
	{"claude-sonnet-4-5", caps(nil, provider.ThinkingOff, 64000)},
	{"claude-haiku-4-5", caps(nil, provider.ThinkingOff, 64000)},
	{"claude-opus-4-1", caps(nil, provider.ThinkingOff, 32000)},
	{"claude-opus-4", caps(nil, provider.ThinkingOff, 32000)},
	{"claude-sonnet-4", caps(nil, provider.ThinkingOff, 64000)},
	{"claude-3-7-sonnet", caps(nil, provider.ThinkingOff, 64000)},
	{"claude-3-5-haiku", caps(nil, provider.ThinkingOff, 8192)},
}

func caps(levels []provider.Effort, thinking provider.Thinking, maxOut int) provider.Capabilities {
	if levels == nil {
		levels = []provider.Effort{}
	}
	return provider.Capabilities{EffortLevels: levels, Thinking: thinking, ContextTokens: 200000,
		MaxOutputTokens: maxOut, CacheRead: 0.1, CacheWrite: 1.25}
}

// lowToHigh is low, medium and high, then the extra levels given.
func lowToHigh(extra ...provider.Effort) []provider.Effort {
	return append([]provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh}, extra...)
}

// Known returns what Anthropic documents about model; ok is false for a model war-room does
// not know, whose profile then sends no effort and no thinking unless configured.
func Known(model string) (provider.Capabilities, bool) {
	m := strings.ToLower(strings.TrimSpace(model))
	for _, k := range known {
		if strings.HasPrefix(m, k.prefix) {
			return k.caps, true
		}
	}
	return provider.Capabilities{}, false
}

// DefaultCache is the cache pricing of any Anthropic model, known or not: reads at a tenth of
// the input price, five-minute writes at 1.25 times.
var DefaultCache = provider.Capabilities{CacheRead: 0.1, CacheWrite: 1.25}
