package anthropic

import (
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/catalog"
)

// Known returns what war-room's model catalog says of model, with Anthropic's thinking rule
// added (models.dev does not carry it): adaptive thinking for the Opus and Sonnet lines from
// version 4.6 on, as Anthropic recommends, and none for older versions or other lines, which do
// not accept it. An id the catalog does not know but whose line it does takes the nearest
// known version's settings (Capabilities.Inferred); ok is false when neither is known, and
// the profile then sends no effort and no thinking unless configured.
func Known(model string) (provider.Capabilities, bool) {
	m, ok := catalog.Find(model, "anthropic")
	if !ok {
		return provider.Capabilities{}, false
	}
	c := m.Capabilities()
	c.Thinking = provider.ThinkingOff
	if line, v := catalog.Line(model); adaptive[line] && catalog.AtLeast(v, 4, 6) {
		c.Thinking = provider.ThinkingAdaptive
	}
	if c.CacheRead == 0 && c.CacheWrite == 0 {
		c.CacheRead, c.CacheWrite = DefaultCache.CacheRead, DefaultCache.CacheWrite
	}
	return c, true
}

// adaptive are the lines that take adaptive thinking from version 4.6 on.
var adaptive = map[string]bool{"claude-opus": true, "claude-sonnet": true}

// DefaultCache is the cache pricing of any Anthropic model, known or not: reads at a tenth of
// the input price, five-minute writes at 1.25 times.
var DefaultCache = provider.Capabilities{CacheRead: 0.1, CacheWrite: 1.25}
