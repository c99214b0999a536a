package catalog

import (
	"slices"

	"github.com/war-room/war-room/engine/provider"
)

// Capabilities is what the entry says a request may carry: the effort levels war-room has
// names for (in ladder order; "none" and "minimal" are never asked for), the context window
// and output limit, the prices, and cache prices as multiples of the input price. Thinking
// is left to the vendor's rule.
func (m Match) Capabilities() provider.Capabilities {
	c := provider.Capabilities{EffortLevels: []provider.Effort{}, ContextTokens: m.Context, MaxOutputTokens: m.Output,
		InputPerMTok: m.Price.Input, OutputPerMTok: m.Price.Output, Source: m.How(), Inferred: m.Inferred}
	for _, e := range provider.Ladder {
		if slices.Contains(m.Effort, string(e)) {
			c.EffortLevels = append(c.EffortLevels, e)
		}
	}
	if m.Price.Input > 0 {
		c.CacheRead = m.Price.CacheRead / m.Price.Input
		c.CacheWrite = m.Price.CacheWrite / m.Price.Input
	}
	return c
}
