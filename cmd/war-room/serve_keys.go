package main

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/war-room/war-room/config"
)

// The vendors a server key belongs to. A local key belongs to the operator's own
// OpenAI-compatible server (WAR_ROOM_OPENAI_BASE_URL).
const (
	vendorAnthropic = "anthropic"
	vendorOpenAI    = "openai"
	vendorGemini    = "gemini"
	vendorLocal     = "local"
)

// The vendors' own endpoints, as a profile may also spell them out.
const (
	anthropicBaseURL = "https://api.anthropic.com"
	openAIBaseURL    = "https://api.openai.com/v1"
)

// builtinKeys are the key variables war-room knows, by vendor.
var builtinKeys = map[string]string{config.EnvAnthropicKey: vendorAnthropic, config.EnvOpenAIKey: vendorOpenAI,
	config.EnvGeminiKey: vendorGemini, config.EnvLocalKey: vendorLocal}

// providerSettings are the other variables a repository's configuration may read: models,
// the local endpoint and its family. They are not keys.
var providerSettings = []string{config.EnvAnthropicModel, config.EnvOpenAIModel, config.EnvGeminiModel,
	config.EnvLocalBaseURL, config.EnvLocalModel, config.EnvLocalFamily}

// appSecrets are variables --provider-env must never expose to a repository's configuration:
// the App's own credentials and the runner's token.
var appSecrets = []string{"WAR_ROOM_WEBHOOK_SECRET", "WAR_ROOM_APP_PRIVATE_KEY", "WAR_ROOM_APP_ID",
	"WAR_ROOM_DATABASE_URL", "GITHUB_TOKEN"}

// parseProviderEnv reads --provider-env: NAME=VENDOR, or NAME alone for a key of the local
// endpoint. It returns every key variable a repository may name, the built-in ones included.
func parseProviderEnv(list string) (map[string]string, error) {
	keys := maps.Clone(builtinKeys)
	for _, item := range strings.Split(list, ",") {
		name, vendor, declared := strings.Cut(strings.TrimSpace(item), "=")
		name, vendor = strings.TrimSpace(name), strings.TrimSpace(vendor)
		switch {
		case name == "":
			continue
		case slices.Contains(appSecrets, name):
			return nil, usageErr("--provider-env %s: that variable holds this App's own credentials and would be readable by every repository's configuration", name)
		case !declared:
			vendor = vendorLocal
		case !slices.Contains([]string{vendorAnthropic, vendorOpenAI, vendorGemini, vendorLocal}, vendor):
			return nil, usageErr("--provider-env %s: vendor %q is not anthropic, openai, gemini or local", name, vendor)
		}
		keys[name] = vendor
	}
	return keys, nil
}

// checkProviderEnv refuses a --provider-env that does not parse or that would hand one of the
// App's own secrets to any repository that installs it.
func checkProviderEnv(list string) error {
	_, err := parseProviderEnv(list)
	return err
}

// providerEnv is all of the server's environment a repository's configuration may read: the
// key variables and the provider settings. The App's key, its webhook secret and everything
// else stay out of reach of an api_key_env.
func providerEnv(getenv func(string) string, keys map[string]string) func(string) string {
	return func(name string) string {
		if _, ok := keys[name]; ok || slices.Contains(providerSettings, name) {
			return getenv(name)
		}
		return ""
	}
}

// keyPolicy says where each of the server's keys may be sent: to its own vendor's endpoint,
// a local key to the operator's own server, and any key to the operator's --allow-base-url
// entries. It is decided by the variable's name alone, never by whether it is set, so that a
// refusal tells a repository nothing about this server's environment.
type keyPolicy struct {
	keys    map[string]string // variable → vendor
	local   string            // the operator's WAR_ROOM_OPENAI_BASE_URL
	allowed []string          // --allow-base-url
}

func newKeyPolicy(keys map[string]string, local string, allowed []string) keyPolicy {
	return keyPolicy{keys: keys, local: normURL(local), allowed: slices.DeleteFunc(slices.Clone(allowed),
		func(a string) bool { return strings.TrimSpace(a) == "" })}
}

// errKeyEndpoint is the one refusal for a key that would leave for the wrong endpoint. It
// says nothing about which keys or endpoints this server has.
var errKeyEndpoint = errors.New("this war-room App does not send the key that api_key_env names to this profile's endpoint: " +
	"each key goes only to its own vendor's endpoint or to an endpoint the App's operator allows")

// check refuses the first profile whose key would go where it may not.
func (k keyPolicy) check(cfg *config.Config) error {
	for _, name := range slices.Sorted(maps.Keys(cfg.Providers)) {
		if !k.permits(cfg.Providers[name]) {
			return fmt.Errorf("providers.%s: %w", name, errKeyEndpoint)
		}
	}
	return nil
}

// permits says whether profile p may send the key its api_key_env names to its endpoint. A
// profile with no key may point anywhere: it has nothing of ours to send. A variable that is
// not one of the server's keys is refused, whatever it holds.
func (k keyPolicy) permits(p config.ProviderConfig) bool {
	if p.APIKeyEnv == "" {
		return true
	}
	vendor, ok := k.keys[p.APIKeyEnv]
	base := normURL(p.BaseURL)
	switch {
	case !ok:
		return false
	case slices.ContainsFunc(k.allowed, func(a string) bool { return normURL(a) == base }):
		return true
	}
	switch vendor {
	case vendorAnthropic:
		return p.Type == config.TypeAnthropic && (base == "" || base == anthropicBaseURL)
	case vendorOpenAI:
		return p.Type == config.TypeOpenAI && (base == "" || base == openAIBaseURL)
	case vendorGemini:
		return p.Type == config.TypeOpenAI && base == normURL(config.GeminiBaseURL)
	case vendorLocal:
		return p.Type == config.TypeOpenAI && k.local != "" && base == k.local
	}
	return false
}

func normURL(u string) string { return strings.TrimSuffix(strings.TrimSpace(u), "/") }
