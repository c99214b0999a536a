package anthropic

import (
	"context"

	"github.com/war-room/war-room/engine/provider"
)

func init() { provider.Register(entry) }

// entry is the anthropic provider type, as the registry declares it.
var entry = provider.Vendor{
	Type:          "anthropic",
	Keys:          []string{"base_url", "api_key_env", "thinking", "cache_warmup", "max_output_tokens"},
	Required:      []string{"model"},
	OverHTTP:      true,
	Host:          "api.anthropic.com",
	BaseURLs:      []string{"https://api.anthropic.com"},
	ExplicitCache: true,
	Catalog:       []string{"anthropic"},
	New: func(_ context.Context, s provider.Settings) (provider.Provider, string, error) {
		return New(Config{APIKey: s.APIKey, BaseURL: s.BaseURL, Model: s.Model,
			HTTPClient: s.HTTP, Timeout: s.Timeout}), s.Model, nil
	},
	// A model missing from the vendor's table still has the vendor's cache pricing.
	Capabilities: func(model, _ string) (provider.Capabilities, bool) {
		if c, ok := Known(model); ok {
			return c, true
		}
		return DefaultCache, false
	},
	Detect: []provider.Detection{{Profile: "anthropic", Family: "anthropic", KeyEnv: "ANTHROPIC_API_KEY",
		ModelEnv: "WAR_ROOM_ANTHROPIC_MODEL", DefaultModel: "claude-opus-4-8"}},
}
