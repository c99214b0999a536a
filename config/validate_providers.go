package config

import (
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

func (v *validator) providers() {
	for _, name := range sortedKeys(v.cfg.Providers) {
		p := v.cfg.Providers[name]
		v.provider("providers."+name, name, &p)
		v.cfg.Providers[name] = p
	}
}

func (v *validator) provider(path, name string, p *ProviderConfig) {
	if !namePattern.MatchString(name) {
		v.errf(path, "profile name %q: use letters, digits, '-', '_' or '.'", name)
	}
	if p.Family == "" {
		v.missing(path, "family")
	} else {
		v.family(path+".family", p.Family)
	}
	v.positive(path+".timeout", p.Timeout == 0)
	v.positive(path+".max_attempts", p.MaxAttempts == 0)
	v.positive(path+".max_tokens", p.MaxTokens == 0)
	v.positive(path+".context_tokens", v.has(path+".context_tokens") && p.ContextTokens == 0)
	v.effortLevels(path+".effort_levels", p.EffortLevels)
	if p.Type == "" {
		if !v.has(path + ".type") { // a bad value was reported by the decoder already
			v.missing(path, "type")
		}
		return
	}
	vendor, ok := provider.Lookup(string(p.Type))
	if !ok { // the decoder reported the value already
		return
	}
	keyTypes := provider.KeyTypes()
	for _, key := range sortedKeys(keyTypes) {
		if v.has(path+"."+key) && !slices.Contains(keyTypes[key], string(p.Type)) {
			v.errf(path+"."+key, "applies only to %s profiles, not %s", strings.Join(keyTypes[key], " and "), p.Type)
		}
	}
	for _, key := range vendor.Required {
		if p.value(key) == "" && !v.has(path+"."+key) { // a bad value was reported by the decoder
			v.missing(path, key)
		}
	}
	v.apiKeyEnv(path+".api_key_env", p.APIKeyEnv)
	v.baseURL(path+".base_url", p.BaseURL)
	v.paths(p)
}

// value is a type-specific key's value as text, for the registry's list of required keys.
func (p *ProviderConfig) value(key string) string {
	switch key {
	case "model":
		return p.Model
	case "command":
		return string(p.Command)
	case "responses":
		return p.Responses
	case "binary":
		return p.Binary
	case "base_url":
		return p.BaseURL
	case "api_key_env":
		return p.APIKeyEnv
	}
	return "set" // a key with a default is never missing
}

// paths resolves a profile's files against the configuration file's directory: a script's
// responses always, a CLI's binary when it is a path rather than a name looked up on PATH. The
// responses file itself is read only when the profile is built: parsing touches no file, so
// that a server that refuses script profiles never reveals, by its reply, which paths exist
// on it.
func (v *validator) paths(p *ProviderConfig) {
	if p.Responses != "" && !filepath.IsAbs(p.Responses) {
		p.Responses = filepath.Join(v.cfg.dir, p.Responses)
	}
	if strings.ContainsRune(p.Binary, '/') && !filepath.IsAbs(p.Binary) {
		p.Binary = filepath.Join(v.cfg.dir, p.Binary)
	}
}

// effortLevels rejects a level listed twice: the list is a set of what the model accepts.
func (v *validator) effortLevels(path string, levels []provider.Effort) {
	seen := map[provider.Effort]bool{}
	for _, l := range levels {
		if seen[l] {
			v.errf(path, "lists %q twice", l)
		}
		seen[l] = true
	}
}

func (v *validator) apiKeyEnv(path, name string) {
	if name != "" && !envPattern.MatchString(name) {
		v.errf(path, "must be the NAME of an environment variable holding the key (the key itself never goes in this file)")
	}
}

func (v *validator) baseURL(path, raw string) {
	if raw == "" {
		return
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		v.errf(path, "want an http:// or https:// URL, got %q", raw)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
