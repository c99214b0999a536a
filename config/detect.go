package config

import (
	"strings"
)

// SourceEnvironment is Config.Source for a configuration detected from the environment.
const SourceEnvironment = "environment"

// Environment variables Detect reads. The *_API_KEY variables are read by name only: Detect
// records which variable holds the key, and the key itself is read when a profile is built.
const (
	EnvAnthropicKey   = "ANTHROPIC_API_KEY"
	EnvAnthropicModel = "WAR_ROOM_ANTHROPIC_MODEL"
	EnvOpenAIKey      = "OPENAI_API_KEY"
	EnvOpenAIModel    = "WAR_ROOM_OPENAI_MODEL_OPENAI"
	EnvGeminiKey      = "GEMINI_API_KEY"
	EnvGeminiModel    = "WAR_ROOM_GEMINI_MODEL"
	EnvLocalBaseURL   = "WAR_ROOM_OPENAI_BASE_URL"
	EnvLocalModel     = "WAR_ROOM_OPENAI_MODEL"
	EnvLocalFamily    = "WAR_ROOM_OPENAI_FAMILY"
	EnvLocalKey       = "WAR_ROOM_OPENAI_API_KEY"
)

// Models and endpoints of detected profiles when no variable overrides them.
const (
	DefaultAnthropicModel = "claude-opus-4-5"
	DefaultOpenAIModel    = "gpt-5"
	DefaultGeminiModel    = "gemini-2.5-pro"
	GeminiBaseURL         = "https://generativelanguage.googleapis.com/v1beta/openai/"
	DefaultLocalFamily    = "local"
	// DetectedLocalProfile names the profile detected from WAR_ROOM_OPENAI_BASE_URL.
	DetectedLocalProfile = "local"
)

// ErrNoProviders is Detect's error when no variable names a provider.
type ErrNoProviders struct{}

func (ErrNoProviders) Error() string {
	return "no model provider configured: set at least one of " + EnvAnthropicKey + ", " +
		EnvOpenAIKey + ", " + EnvGeminiKey + " or " + EnvLocalBaseURL +
		" (an OpenAI-compatible server, with " + EnvLocalModel + ", " + EnvLocalFamily + " and " +
		EnvLocalKey + " optional), or declare providers in a configuration file (" + DefaultPath +
		" in the repository, --config for the CLI)"
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
		return ErrNoProviders{}
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

func detected(env func(string) string) map[string]ProviderConfig {
	ps := map[string]ProviderConfig{}
	add := func(name string, t ProviderType, family, model, keyEnv, baseURL string) {
		p := NewProviderConfig(t)
		p.Family, p.Model, p.APIKeyEnv, p.BaseURL = family, model, keyEnv, baseURL
		ps[name] = p
	}
	if env(EnvAnthropicKey) != "" {
		add("anthropic", TypeAnthropic, "anthropic", or(env(EnvAnthropicModel), DefaultAnthropicModel), EnvAnthropicKey, "")
	}
	if env(EnvOpenAIKey) != "" {
		add("openai", TypeOpenAI, "openai", or(env(EnvOpenAIModel), DefaultOpenAIModel), EnvOpenAIKey, "")
	}
	if env(EnvGeminiKey) != "" {
		add("gemini", TypeOpenAI, "google", or(env(EnvGeminiModel), DefaultGeminiModel), EnvGeminiKey, GeminiBaseURL)
	}
	if u := env(EnvLocalBaseURL); u != "" {
		keyEnv := ""
		if env(EnvLocalKey) != "" {
			keyEnv = EnvLocalKey
		}
		add(DetectedLocalProfile, TypeOpenAI, or(env(EnvLocalFamily), DefaultLocalFamily), env(EnvLocalModel), keyEnv, u)
	}
	return ps
}

// checkLocal checks the free-form local-server variables as strictly as the file's keys.
func checkLocal(env func(string) string) error {
	c := &collector{file: SourceEnvironment}
	v := &validator{cfg: &Config{pos: map[string]position{}}, c: c}
	if u := env(EnvLocalBaseURL); u != "" {
		v.baseURL(EnvLocalBaseURL, u)
		if f := env(EnvLocalFamily); f != "" {
			v.family(EnvLocalFamily, f)
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
