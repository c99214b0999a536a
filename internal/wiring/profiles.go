// Package wiring builds what configuration describes: the engine's provider profiles, with a
// live adapter behind each, and the session budget. It is the one package that links the vendor
// adapters (and so their SDKs) to the configuration; config itself is data, and the engine and
// the protocols see only engine.Profiles.
package wiring

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/anthropic"
	"github.com/war-room/war-room/internal/provider/cli"
	"github.com/war-room/war-room/internal/provider/script"
)

// Profiles builds every profile's provider. getenv supplies the API keys named by
// api_key_env; hc is the HTTP client for the HTTP adapters (nil: their default). Every
// profile that cannot be built is reported, each naming its key path in the file.
func Profiles(ctx context.Context, cfg *config.Config, getenv func(string) string, hc *http.Client) (engine.Profiles, error) {
	ps := engine.Profiles{}
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(cfg.Providers)) {
		p, err := Profile(ctx, cfg, name, getenv, hc)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ps[name] = p
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return ps, nil
}

// Profile builds one profile's provider, for callers that need only some profiles and so
// should not fail on a key that only an unused profile lacks.
func Profile(ctx context.Context, cfg *config.Config, name string, getenv func(string) string, hc *http.Client) (*engine.Profile, error) {
	pc, ok := cfg.Providers[name]
	if !ok {
		return nil, fmt.Errorf("unknown provider profile %q (have: %s)", name, strings.Join(slices.Sorted(maps.Keys(cfg.Providers)), ", "))
	}
	path := "providers." + name
	key := ""
	if pc.APIKeyEnv != "" {
		if key = getenv(pc.APIKeyEnv); key == "" {
			return nil, cfg.ErrorAt(path+".api_key_env", "profile %q needs its API key in the environment variable %s, which is not set", name, pc.APIKeyEnv)
		}
	}
	a, model, err := build(ctx, pc, key, hc, localServer(cfg, name, pc))
	if err != nil {
		return nil, cfg.ErrorAt(path, "profile %q: %v", name, err)
	}
	p := &engine.Profile{
		Name: name, Type: string(pc.Type), Model: model, Family: pc.Family, Endpoint: Endpoint(pc),
		MaxConcurrency:  pc.MaxConcurrency,
		PriceInPerMTok:  pc.Price.InputPerMTok,
		PriceOutPerMTok: pc.Price.OutputPerMTok,
		Provider:        a,
	}
	settings(ctx, cfg, name, pc, model, key, hc, p)
	return p, nil
}

// Budget is the session ceiling the configuration sets, for engine.RunConfig.
func Budget(cfg *config.Config) engine.Budget {
	return engine.Budget{MaxTokens: cfg.Budget.MaxTokens, MaxUSD: cfg.Budget.MaxUSD}
}

// build constructs the adapter and returns the model it will use.
func build(ctx context.Context, pc config.ProviderConfig, key string, hc *http.Client, local bool) (provider.Provider, string, error) {
	switch pc.Type {
	case config.TypeAnthropic:
		return anthropic.New(anthropic.Config{APIKey: key, BaseURL: pc.BaseURL, Model: pc.Model,
			HTTPClient: hc, Timeout: pc.Timeout}), pc.Model, nil
	case config.TypeOpenAI:
		return buildOpenAI(ctx, pc, key, hc, local)
	case config.TypeCLI:
		c, err := cli.New(cli.Config{Command: string(pc.Command), Binary: pc.Binary, Model: pc.Model,
			Timeout: pc.Timeout, APIKey: key})
		return c, pc.Model, err
	case config.TypeScript:
		s, err := script.Load(pc.Responses)
		return s, cmpOr(pc.Model, "script"), err
	}
	return nil, "", fmt.Errorf("unknown provider type %q", pc.Type)
}

func cmpOr(v, fallback string) string {
	if v == "" {
		return fallback
	}
	return v
}

// Endpoint says where a profile's requests go, for the disclosure a person reads before the
// first call: the host of its API (the vendor's own when no base_url is set), the local program
// a cli profile runs, or nowhere for the script provider.
func Endpoint(pc config.ProviderConfig) string {
	switch pc.Type {
	case config.TypeScript:
		return "nowhere (scripted answers, no network)"
	case config.TypeCLI:
		return "the local " + string(pc.Command) + " program (and its vendor)"
	}
	if pc.BaseURL != "" {
		if u, err := url.Parse(pc.BaseURL); err == nil && u.Host != "" {
			return u.Host
		}
		return pc.BaseURL
	}
	if pc.Type == config.TypeAnthropic {
		return "api.anthropic.com"
	}
	return "api.openai.com"
}
