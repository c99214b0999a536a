package config

import (
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// keysFor lists the profile keys that apply only to some types.
var keysFor = map[string][]ProviderType{
	"base_url":          {TypeAnthropic, TypeOpenAI},
	"api_key_env":       {TypeAnthropic, TypeOpenAI, TypeCLI},
	"thinking":          {TypeAnthropic},
	"cache_warmup":      {TypeAnthropic, TypeOpenAI},
	"max_output_tokens": {TypeAnthropic, TypeOpenAI},
	"command":           {TypeCLI},
	"binary":            {TypeCLI},
	"responses":         {TypeScript},
}

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
	for _, key := range sortedKeys(keysFor) {
		if v.has(path+"."+key) && !slices.Contains(keysFor[key], p.Type) {
			v.errf(path+"."+key, "applies only to %s profiles, not %s", typeList(keysFor[key]), p.Type)
		}
	}
	v.byType(path, p)
}

func (v *validator) byType(path string, p *ProviderConfig) {
	switch p.Type {
	case TypeAnthropic, TypeOpenAI:
		if p.Model == "" && p.Type == TypeAnthropic {
			v.missing(path, "model")
		}
		v.apiKeyEnv(path+".api_key_env", p.APIKeyEnv)
		v.baseURL(path+".base_url", p.BaseURL)
	case TypeCLI:
		if p.Model == "" {
			v.missing(path, "model")
		}
		if p.Command == "" && !v.has(path+".command") {
			v.missing(path, "command")
		}
		if strings.ContainsRune(p.Binary, '/') && !filepath.IsAbs(p.Binary) {
			p.Binary = filepath.Join(v.cfg.dir, p.Binary)
		}
	case TypeScript:
		v.responses(path, p)
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

// responses resolves a script profile's responses file against the config file's directory.
// The file itself is read only when the profile is built: parsing touches no file, so that a
// server that refuses script profiles never reveals, by its reply, which paths exist on it.
func (v *validator) responses(path string, p *ProviderConfig) {
	if p.Responses == "" {
		v.missing(path, "responses")
		return
	}
	if !filepath.IsAbs(p.Responses) {
		p.Responses = filepath.Join(v.cfg.dir, p.Responses)
	}
}

func typeList(ts []ProviderType) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = string(t)
	}
	return strings.Join(s, " and ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
