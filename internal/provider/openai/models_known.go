package openai

import (
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// known are what OpenAI and Google document about their models as served through Chat
// Completions (Gemini through its OpenAI-compatible endpoint), most specific id first.
// reasoning_effort: GPT-5 and the o-series take low to high (and "minimal"/"none", never
// asked for), GPT-5.2 adds xhigh; chat and GPT-4 models reject it. Gemini 2.5 maps low, medium
// and high to thinking budgets; Gemini 3 Pro takes only low and high. Cached input is billed
// at the model's discounted rate; writing the cache costs nothing extra.
var known = []struct {
	prefix string
	caps   provider.Capabilities
}{
	{"gpt-5-chat", model(nil, 128000, 16384, 0.1)},
	{"gpt-5.2", model(append(lowToHigh(), provider.EffortXHigh), 400000, 128000, 0.1)},
	{"gpt-5", model(lowToHigh(), 400000, 128000, 0.1)},
	{"o4-mini", model(lowToHigh(), 200000, 100000, 0.25)},
	{"o3", model(lowToHigh(), 200000, 100000, 0.25)},
	{"o1", model(lowToHigh(), 200000, 100000, 0.5)},
	{"gpt-4.1", model(nil, 1047576, 32768, 0.25)},
	{"gpt-4o", model(nil, 128000, 16384, 0.5)},
	{"gemini-3-pro", model([]provider.Effort{provider.EffortLow, provider.EffortHigh}, 1048576, 65536, 0.1)},
	{"gemini-3-flash", model(lowToHigh(), 1048576, 65536, 0.1)},
	{"gemini-2.5-pro", model(lowToHigh(), 1048576, 65536, 0.25)},
	{"gemini-2.5-flash", model(lowToHigh(), 1048576, 65536, 0.25)},
}

func lowToHigh() []provider.Effort {
	return []provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh}
}

func model(levels []provider.Effort, window, maxOut int, cacheRead float64) provider.Capabilities {
	if levels == nil {
		levels = []provider.Effort{}
	}
	return provider.Capabilities{EffortLevels: levels, ContextTokens: window, MaxOutputTokens: maxOut,
		CacheRead: cacheRead, CacheWrite: 1}
}

// Known returns what the vendor documents about model (a "models/" prefix, as Gemini writes
// ids, is ignored); ok is false for any other model, whose profile then sends no effort
// unless configured.
func Known(model string) (provider.Capabilities, bool) {
	m := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(model)), "models/")
	for _, k := range known {
		if strings.HasPrefix(m, k.prefix) {
			return k.caps, true
		}
	}
	return provider.Capabilities{}, false
}
