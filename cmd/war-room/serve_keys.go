package main

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine/provider"
)

// The key variables war-room knows come from the vendor registry: each detectable profile
// (anthropic, openai, gemini, local) reads one, and --provider-env names a vendor by the
// detected profile's name. A local key belongs to the operator's own OpenAI-compatible server.

// builtinKeys are the key variables war-room knows, by vendor.
func builtinKeys() map[string]string {
	keys := map[string]string{}
	for _, d := range provider.Detections() {
		keys[d.KeyEnv] = d.Profile
	}
	return keys
}

// providerSettings are the other variables a repository's configuration may read: models,
// the local endpoint and its family. They are not keys.
func providerSettings() []string {
	var out []string
	for _, d := range provider.Detections() {
		for _, v := range []string{d.ModelEnv, d.BaseURLEnv, d.FamilyEnv} {
			if v != "" {
				out = append(out, v)
			}
		}
	}
	return out
}

// localDetection is the detection of the operator's own server, the one whose base URL comes
// from a variable.
func localDetection() provider.TypedDetection {
	for _, d := range provider.Detections() {
		if d.BaseURLEnv != "" {
			return d
		}
	}
	return provider.TypedDetection{}
}

// detection finds the detectable profile a --provider-env vendor names.
func detection(vendor string) (provider.TypedDetection, bool) {
	for _, d := range provider.Detections() {
		if d.Profile == vendor {
			return d, true
		}
	}
	return provider.TypedDetection{}, false
}

// appSecrets are variables --provider-env must never expose to a repository's configuration:
// the App's own credentials and the runner's token.
var appSecrets = []string{"WAR_ROOM_WEBHOOK_SECRET", "WAR_ROOM_APP_PRIVATE_KEY", "WAR_ROOM_APP_ID",
	"WAR_ROOM_DATABASE_URL", "GITHUB_TOKEN"}

// parseProviderEnv reads --provider-env: NAME=VENDOR, or NAME alone for a key of the local
// endpoint. It returns every key variable a repository may name, the built-in ones included.
func parseProviderEnv(list string) (map[string]string, error) {
	keys := builtinKeys()
	var names []string
	for _, d := range provider.Detections() {
		names = append(names, d.Profile)
	}
	for _, item := range strings.Split(list, ",") {
		name, vendor, declared := strings.Cut(strings.TrimSpace(item), "=")
		name, vendor = strings.TrimSpace(name), strings.TrimSpace(vendor)
		switch {
		case name == "":
			continue
		case slices.Contains(appSecrets, name):
			return nil, usageErr("--provider-env %s: that variable holds this App's own credentials and would be readable by every repository's configuration", name)
		case !declared:
			vendor = localDetection().Profile
		case !slices.Contains(names, vendor):
			return nil, usageErr("--provider-env %s: vendor %q is not %s", name, vendor, orList(names))
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
		if _, ok := keys[name]; ok || slices.Contains(providerSettings(), name) {
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

// errEndpoint refuses a keyless profile whose endpoint the operator did not approve: the App
// would otherwise send requests (and metadata probes) wherever a repository pointed it,
// its own network included.
var errEndpoint = errors.New("this war-room App sends requests only to a vendor's documented endpoint or one its " +
	"operator allows (war-room serve --allow-base-url); this profile's base_url is neither")

// check refuses the first profile whose key would go where it may not, or that would send
// anything to an endpoint the operator did not approve.
func (k keyPolicy) check(cfg *config.Config) error {
	for _, name := range slices.Sorted(maps.Keys(cfg.Providers)) {
		p := cfg.Providers[name]
		if p.APIKeyEnv == "" && !k.approved(string(p.Type), p.BaseURL) {
			return fmt.Errorf("providers.%s: %w", name, errEndpoint)
		}
		if !k.permits(p) {
			return fmt.Errorf("providers.%s: %w", name, errKeyEndpoint)
		}
	}
	return nil
}

// approved says whether the App may send anything to base for a profile of type typ: the
// vendor's own endpoint (or its default, base empty), a documented endpoint a key of another
// vendor reaches through this type (Gemini's OpenAI-compatible one, say), the operator's
// local server, or an --allow-base-url entry. A keyless profile is held to it as much as a
// keyed one: a request costs nothing to forge and can reach the operator's network.
func (k keyPolicy) approved(typ, base string) bool {
	base = normURL(base)
	if slices.ContainsFunc(k.allowed, func(a string) bool { return normURL(a) == base }) || k.local != "" && base == k.local {
		return true
	}
	if v, ok := provider.Lookup(typ); ok && v.OwnEndpoint(base) {
		return true
	}
	return slices.ContainsFunc(provider.Detections(), func(d provider.TypedDetection) bool {
		return d.Type == typ && d.BaseURL != "" && normURL(d.BaseURL) == base
	})
}

// permits says whether profile p may send the key its api_key_env names to its endpoint (a
// profile with no key sends none of ours; approved holds it). A variable that is not one of
// the server's keys is refused, whatever it holds.
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
	d, known := detection(vendor)
	switch {
	case !known || string(p.Type) != d.Type:
		return false
	case d.BaseURLEnv != "":
		return k.local != "" && base == k.local
	case d.BaseURL != "":
		return base == normURL(d.BaseURL)
	}
	v, _ := provider.Lookup(d.Type)
	return v.OwnEndpoint(base)
}

// orList joins "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func normURL(u string) string { return provider.NormURL(u) }
