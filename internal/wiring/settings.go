package wiring

import (
	"context"
	"net"
	"net/http"
	"net/url"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// settings fills a profile's call settings: each configured key, else what war-room's model
// catalog says of the model (through the vendor's Capabilities, prices included), else what a local server says about
// its context, else the safe default (no effort, no thinking, no context check). ContextSource
// says where ContextTokens came from, for doctor and dry runs.
func settings(ctx context.Context, cfg *config.Config, name string, pc config.ProviderConfig, model, key string, hc *http.Client, p *engine.Profile) {
	vendor, _ := provider.Lookup(string(pc.Type)) // Profile checked the type
	caps, known := vendor.Capabilities(model, string(pc.Command))
	p.Timeout, p.MaxAttempts = pc.Timeout, pc.MaxAttempts
	p.TimeoutDefault = !cfg.Set("providers." + name + ".timeout")
	p.EffortLevels = pc.EffortLevels
	if p.EffortLevels == nil {
		p.EffortLevels = caps.EffortLevels
	}
	p.Thinking = orThinking(pc.Thinking, caps.Thinking)
	p.MaxTokens = pc.MaxTokens
	if p.Thinking == provider.ThinkingAdaptive && !cfg.Set("providers."+name+".max_tokens") {
		p.MaxTokens = config.DefaultThinkingMaxTokens
	}
	p.MaxOutputTokens = orInt(pc.MaxOutputTokens, caps.MaxOutputTokens)
	p.ContextTokens = orInt(pc.ContextTokens, caps.ContextTokens)
	if p.ContextTokens == 0 && !known && detectedLocal(cfg, name) && vendor.ContextSize != nil {
		s := vendorSettings(pc, key, hc, true)
		s.Model = model
		p.ContextTokens = vendor.ContextSize(ctx, s)
	}
	p.Settings, p.SettingsInferred = caps.Source, caps.Inferred
	// The catalog's list prices, unless the profile sets its own (a profile that sets one
	// price sets both: a negotiated rate is not mixed with a list price).
	if pc.Price.InputPerMTok == 0 && pc.Price.OutputPerMTok == 0 {
		p.PriceInPerMTok, p.PriceOutPerMTok = caps.InputPerMTok, caps.OutputPerMTok
	}
	p.PriceCacheReadPerMTok = orPrice(pc.Price.CacheReadPerMTok, caps.CacheRead*p.PriceInPerMTok)
	p.PriceCacheWritePerMTok = orPrice(pc.Price.CacheWritePerMTok, caps.CacheWrite*p.PriceInPerMTok)
	p.CacheWarmup = pc.CacheWarmup && vendor.OverHTTP
}

// detectedLocal reports whether the profile is the local server detected from the
// environment, the one whose context size is asked when it is built. A configured profile's
// server is asked only by war-room doctor: building profiles sends nothing to an endpoint that
// a protocol's approval gate may yet keep from being called.
func detectedLocal(cfg *config.Config, name string) bool {
	if cfg.Source != config.SourceEnvironment {
		return false
	}
	for _, d := range provider.Detections() {
		if d.BaseURLEnv != "" && d.Profile == name {
			return true
		}
	}
	return false
}

// localServer reports whether an openai profile's endpoint is a local server that may report
// its context size: the detected one, or any on a loopback or private address, which is where
// Ollama, vLLM and llama.cpp run.
func localServer(cfg *config.Config, name string, pc config.ProviderConfig) bool {
	if v, _ := provider.Lookup(string(pc.Type)); !v.OverHTTP || pc.BaseURL == "" {
		return false
	}
	if detectedLocal(cfg, name) {
		return true
	}
	u, err := url.Parse(pc.BaseURL)
	if err != nil {
		return false
	}
	if u.Hostname() == "localhost" {
		return true
	}
	ip := net.ParseIP(u.Hostname())
	return ip != nil && (ip.IsLoopback() || ip.IsPrivate())
}

func orThinking(v, fallback provider.Thinking) provider.Thinking {
	if v != "" {
		return v
	}
	if fallback == "" {
		return provider.ThinkingOff
	}
	return fallback
}

func orInt(v, fallback int) int {
	if v > 0 {
		return v
	}
	return fallback
}

func orPrice(v, fallback float64) float64 {
	if v > 0 {
		return v
	}
	return fallback
}
