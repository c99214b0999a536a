package wiring

import (
	"context"
	"net"
	"net/http"
	"net/url"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/anthropic"
	"github.com/war-room/war-room/internal/provider/cli"
	"github.com/war-room/war-room/internal/provider/openai"
)

// settings fills a profile's call settings: each configured key, else what the vendor
// documents for the model (anthropic.Known, openai.Known), else what a local server says about
// its context, else the safe default (no effort, no thinking, no context check). ContextSource
// says where ContextTokens came from, for doctor and dry runs.
func settings(ctx context.Context, cfg *config.Config, name string, pc config.ProviderConfig, model, key string, hc *http.Client, p *engine.Profile) {
	caps, known := capabilities(pc, model)
	p.Timeout, p.MaxAttempts = pc.Timeout, pc.MaxAttempts
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
	if p.ContextTokens == 0 && !known && detectedLocal(cfg, name) {
		p.ContextTokens, _ = openai.ContextSize(ctx, pc.BaseURL, key, model, hc)
	}
	p.PriceCacheReadPerMTok = orPrice(pc.Price.CacheReadPerMTok, caps.CacheRead*pc.Price.InputPerMTok)
	p.PriceCacheWritePerMTok = orPrice(pc.Price.CacheWritePerMTok, caps.CacheWrite*pc.Price.InputPerMTok)
	overHTTP := pc.Type == config.TypeAnthropic || pc.Type == config.TypeOpenAI
	p.CacheWarmup = pc.CacheWarmup && overHTTP
}

// capabilities is what war-room knows of the profile's model: the vendor's table for HTTP
// profiles (with the vendor's cache pricing even for a model not in it), the CLI's own effort
// flag for cli profiles, and every level for scripts, which take whatever they are sent.
func capabilities(pc config.ProviderConfig, model string) (provider.Capabilities, bool) {
	switch pc.Type {
	case config.TypeAnthropic:
		if c, ok := anthropic.Known(model); ok {
			return c, true
		}
		return anthropic.DefaultCache, false
	case config.TypeOpenAI:
		if c, ok := openai.Known(model); ok {
			return c, true
		}
		return provider.Capabilities{CacheWrite: 1}, false
	case config.TypeCLI:
		return provider.Capabilities{EffortLevels: cli.EffortLevels(string(pc.Command))}, true
	case config.TypeScript:
		return provider.Capabilities{EffortLevels: provider.Ladder}, true
	}
	return provider.Capabilities{}, false
}

// detectedLocal reports whether the profile is the local server detected from the
// environment, the one whose context size is asked when it is built. A configured profile's
// server is asked only by war-room doctor: building profiles sends nothing to an endpoint that
// a protocol's approval gate may yet keep from being called.
func detectedLocal(cfg *config.Config, name string) bool {
	return cfg.Source == config.SourceEnvironment && name == config.DetectedLocalProfile
}

// localServer reports whether an openai profile's endpoint is a local server that may report
// its context size: the detected one, or any on a loopback or private address, which is where
// Ollama, vLLM and llama.cpp run.
func localServer(cfg *config.Config, name string, pc config.ProviderConfig) bool {
	if pc.Type != config.TypeOpenAI || pc.BaseURL == "" {
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

// promptCacheKey reports whether an openai profile's endpoint is OpenAI's own, the one known
// to take prompt_cache_key; compatible servers may reject fields they do not know.
func promptCacheKey(baseURL string) bool {
	if baseURL == "" {
		return true
	}
	u, err := url.Parse(baseURL)
	return err == nil && u.Hostname() == "api.openai.com"
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
