package openai

import (
	"context"
	"fmt"
	"net/url"

	"github.com/war-room/war-room/engine/provider"
)

// The OpenAI-compatible endpoints war-room detects beside OpenAI's own.
const (
	// geminiBaseURL is Gemini's OpenAI-compatible endpoint.
	geminiBaseURL = "https://generativelanguage.googleapis.com/v1beta/openai/"
	// LocalProfile names the profile of the operator's own server (WAR_ROOM_OPENAI_BASE_URL).
	LocalProfile = "local"
	// envLocalModel names the local server's model.
	envLocalModel = "WAR_ROOM_OPENAI_MODEL"
)

func init() { provider.Register(entry) }

// entry is the openai provider type (OpenAI and every OpenAI-compatible server), as the
// registry declares it.
var entry = provider.Vendor{
	Type:     "openai",
	Keys:     []string{"base_url", "api_key_env", "cache_warmup", "max_output_tokens"},
	OverHTTP: true,
	Catalog:  []string{"openai", "google"},
	Host:     "api.openai.com",
	BaseURLs: []string{"https://api.openai.com/v1"},
	New:      newOpenAI,
	Capabilities: func(model, _ string) (provider.Capabilities, bool) {
		if c, ok := Known(model); ok {
			return c, true
		}
		return provider.Capabilities{CacheWrite: 1}, false
	},
	ContextSize: func(ctx context.Context, s provider.Settings) int {
		n, _ := ContextSize(ctx, s.BaseURL, s.APIKey, s.Model, s.HTTP)
		return n
	},
	Detect: []provider.Detection{
		{Profile: "openai", Family: "openai", KeyEnv: "OPENAI_API_KEY", ModelEnv: "WAR_ROOM_OPENAI_MODEL_OPENAI", DefaultModel: "gpt-5.5"},
		{Profile: "gemini", Family: "google", KeyEnv: "GEMINI_API_KEY", ModelEnv: "WAR_ROOM_GEMINI_MODEL",
			DefaultModel: "gemini-3.1-pro-preview", BaseURL: geminiBaseURL},
		{Profile: LocalProfile, Family: "local", FamilyEnv: "WAR_ROOM_OPENAI_FAMILY", KeyEnv: "WAR_ROOM_OPENAI_API_KEY",
			ModelEnv: envLocalModel, BaseURLEnv: "WAR_ROOM_OPENAI_BASE_URL"},
	},
}

// newOpenAI builds an OpenAI-compatible client. With no model configured it asks the server's
// /models and takes the first model listed. That choice is not hidden: the model is the
// profile's, so it is printed in every dry run, panel table and ledger row.
func newOpenAI(ctx context.Context, s provider.Settings) (provider.Provider, string, error) {
	model := s.Model
	if model == "" {
		models, err := ListModels(ctx, s.BaseURL, s.APIKey, s.HTTP)
		if err != nil {
			return nil, "", fmt.Errorf("no model configured and listing the server's models failed (is the server running at %s? or set the profile's model, %s for a detected local server): %w",
				s.BaseURL, envLocalModel, err)
		}
		if len(models) == 0 {
			return nil, "", fmt.Errorf("no model configured and the server at %s lists none: load a model there, or set the profile's model (%s for a detected local server)",
				s.BaseURL, envLocalModel)
		}
		model = models[0]
	}
	return New(Config{APIKey: s.APIKey, BaseURL: s.BaseURL, Model: model,
		HTTPClient: s.HTTP, Timeout: s.Timeout, PromptCacheKey: promptCacheKey(s.BaseURL), LocalServer: s.LocalServer}), model, nil
}

// promptCacheKey reports whether the endpoint is OpenAI's own, the one known to take
// prompt_cache_key; compatible servers may reject fields they do not know.
func promptCacheKey(baseURL string) bool {
	if baseURL == "" {
		return true
	}
	u, err := url.Parse(baseURL)
	return err == nil && u.Hostname() == "api.openai.com"
}
