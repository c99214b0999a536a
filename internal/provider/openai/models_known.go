package openai

import (
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/catalog"
)

// Known returns what war-room's model catalog says of model as served through Chat
// Completions: OpenAI's models, and Google's through Gemini's OpenAI-compatible endpoint. One
// rule is added that models.dev does not carry: a Gemini model controlled by a thinking
// budget takes reasoning_effort low, medium and high there, which Google maps to budgets.
// Cached input is billed at the model's discounted rate, and writing the cache costs nothing
// extra. ok is false for a model whose id and line are both unknown; its profile then sends
// no effort unless configured.
func Known(model string) (provider.Capabilities, bool) {
	m, ok := catalog.Find(model, "openai", "google")
	if !ok {
		return provider.Capabilities{}, false
	}
	c := m.Capabilities()
	if m.Vendor == "google" && m.Reasoning && len(c.EffortLevels) == 0 {
		c.EffortLevels = []provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh}
	}
	c.CacheWrite = 1
	return c, true
}
