package config

import (
	"strings"

	"github.com/war-room/war-room/engine/provider"
)

// SourceEnvironment is Config.Source for a configuration detected from the environment.
const SourceEnvironment = "environment"

// errNoProviders is Detect's error when no variable names a provider.
type errNoProviders struct{}

func (errNoProviders) Error() string {
	var keys []string
	local := ""
	for _, d := range provider.Detections() {
		if d.BaseURLEnv != "" {
			local = " or " + d.BaseURLEnv + " (an OpenAI-compatible server, with " + andList(optional(d.Detection)) + " optional)"
			continue
		}
		keys = append(keys, d.KeyEnv)
	}
	return "no model provider configured: set at least one of " + strings.Join(keys, ", ") + local +
		", or declare providers in a configuration file (" + DefaultPath + " in the repository, --config for the CLI). " +
		"To watch a whole deliberation first, with no key and no model called: war-room deliberate --demo"
}

// andList joins "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// optional lists the variables a detection reads beside the one that decides it.
func optional(d provider.Detection) []string {
	var out []string
	for _, v := range []string{d.ModelEnv, d.FamilyEnv, d.KeyEnv} {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// Detect builds a default configuration whose profiles come from the environment: anthropic,
// openai, gemini and local, each present when its variable is set.
func Detect(getenv func(string) string, sections ...Section) (*Config, error) {
	cfg := Default(sections...)
	cfg.Source = SourceEnvironment
	if err := cfg.DetectProviders(getenv); err != nil {
		return nil, err
	}
	return cfg, nil
}

// DetectProviders fills an empty providers section from the environment, for a file that
// configures everything but the profiles, then checks the file's references to them. A
// configuration that already has profiles is left as it is: the file wins.
func (cfg *Config) DetectProviders(getenv func(string) string) error {
	if len(cfg.Providers) > 0 {
		return nil
	}
	env := func(k string) string { return strings.TrimSpace(getenv(k)) }
	ps := detected(env)
	if len(ps) == 0 {
		return errNoProviders{}
	}
	if err := checkLocal(env); err != nil {
		return err
	}
	cfg.Providers = ps
	if cfg.pos == nil {
		cfg.pos = map[string]position{}
	}
	c := &collector{file: cfg.Source}
	v := &validator{cfg: cfg, c: c}
	v.refs()
	v.checkSections(true)
	return c.errs.err()
}

// detected builds the profiles the vendor registry can detect from the environment.
func detected(env func(string) string) map[string]ProviderConfig {
	ps := map[string]ProviderConfig{}
	for _, d := range provider.Detections() {
		base, keyEnv := d.BaseURL, d.KeyEnv
		if d.BaseURLEnv != "" {
			if base = env(d.BaseURLEnv); base == "" {
				continue
			}
			if env(keyEnv) == "" {
				keyEnv = "" // the operator's own server may need no key
			}
		} else if env(keyEnv) == "" {
			continue
		}
		p := NewProviderConfig(ProviderType(d.Type))
		p.Family, p.Model, p.APIKeyEnv, p.BaseURL = d.Family, or(env(d.ModelEnv), d.DefaultModel), keyEnv, base
		if d.FamilyEnv != "" {
			p.Family = or(env(d.FamilyEnv), d.Family)
		}
		ps[d.Profile] = p
	}
	return ps
}

// checkLocal checks the free-form variables of an operator's own server as strictly as the
// file's keys.
func checkLocal(env func(string) string) error {
	c := &collector{file: SourceEnvironment}
	v := &validator{cfg: &Config{pos: map[string]position{}}, c: c}
	for _, d := range provider.Detections() {
		u := env(d.BaseURLEnv)
		if d.BaseURLEnv == "" || u == "" {
			continue
		}
		v.baseURL(d.BaseURLEnv, u)
		if f := env(d.FamilyEnv); d.FamilyEnv != "" && f != "" {
			v.family(d.FamilyEnv, f)
		}
	}
	return c.errs.err()
}

func or(v, fallback string) string {
	if v != "" {
		return v
	}
	return fallback
}
