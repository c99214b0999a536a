// Package wiring builds what configuration describes: the engine's provider profiles, with a
// live adapter behind each, and the session budget. It is the one package that links the vendor
// adapters (and so their SDKs) to the configuration; config itself is data, and the engine and
// the protocols see only engine.Profiles.
package wiring

import (
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/provider"
	_ "github.com/war-room/war-room/internal/provider/vendors" // every vendor registers itself

	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
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
	vendor, ok := provider.Lookup(string(pc.Type))
	if !ok {
		return nil, cfg.ErrorAt(path+".type", "profile %q: unknown provider type %q (have: %s)", name, pc.Type, strings.Join(provider.Types(), ", "))
	}
	s := vendorSettings(pc, key, hc, localServer(cfg, name, pc))
	if !cfg.Set("providers." + name + ".timeout") {
		// Unset, the profile's timeout is a default a protocol's own limit replaces (a
		// thinking seat may take minutes), so the adapter's requests must not be cut by it
		// either: the call's deadline bounds them.
		s.Timeout = 0
	}
	a, model, err := vendor.New(ctx, s)
	if err != nil {
		return nil, cfg.ErrorAt(path, "profile %q: %v", name, err)
	}
	p := &engine.Profile{
		Name: name, Type: string(pc.Type), Model: model, Family: pc.Family, Endpoint: vendor.Disclose(s),
		MaxConcurrency:  pc.MaxConcurrency,
		PriceInPerMTok:  pc.Price.InputPerMTok,
		PriceOutPerMTok: pc.Price.OutputPerMTok,
		Provider:        a,
	}
	settings(ctx, cfg, name, pc, model, key, hc, p)
	return p, nil
}

// Budget is the session ceiling the configuration sets (budget.max_tokens, budget.max_usd),
// for engine.RunConfig and the session runner.
func Budget(cfg *config.Config) limits.Budget {
	return limits.Budget{MaxTokens: cfg.Budget.MaxTokens, MaxUSD: cfg.Budget.MaxUSD}
}

// vendorSettings are a profile's settings as its adapter's constructor takes them.
func vendorSettings(pc config.ProviderConfig, key string, hc *http.Client, local bool) provider.Settings {
	return provider.Settings{Model: pc.Model, BaseURL: pc.BaseURL, APIKey: key, Command: string(pc.Command),
		Binary: pc.Binary, Responses: pc.Responses, Timeout: pc.Timeout, HTTP: hc, LocalServer: local}
}
