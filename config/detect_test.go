package config

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDetectEachProvider(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		want map[string]ProviderConfig
	}{
		{"anthropic default model", map[string]string{"ANTHROPIC_API_KEY": "k"}, map[string]ProviderConfig{
			"anthropic": detectedProfile("anthropic", "anthropic", "claude-opus-4-8", "ANTHROPIC_API_KEY", "")}},
		{"anthropic model override", map[string]string{"ANTHROPIC_API_KEY": "k", "WAR_ROOM_ANTHROPIC_MODEL": "claude-sonnet-4-5"}, map[string]ProviderConfig{
			"anthropic": detectedProfile("anthropic", "anthropic", "claude-sonnet-4-5", "ANTHROPIC_API_KEY", "")}},
		{"openai", map[string]string{"OPENAI_API_KEY": "k", "WAR_ROOM_OPENAI_MODEL_OPENAI": "gpt-5-mini"}, map[string]ProviderConfig{
			"openai": detectedProfile("openai", "openai", "gpt-5-mini", "OPENAI_API_KEY", "")}},
		{"gemini", map[string]string{"GEMINI_API_KEY": "k"}, map[string]ProviderConfig{
			"gemini": detectedProfile("openai", "google", "gemini-3.1-pro-preview", "GEMINI_API_KEY", "https://generativelanguage.googleapis.com/v1beta/openai/")}},
		{"local without model or key", map[string]string{"WAR_ROOM_OPENAI_BASE_URL": "http://127.0.0.1:8080/v1"}, map[string]ProviderConfig{
			"local": detectedProfile("openai", "local", "", "", "http://127.0.0.1:8080/v1")}},
		{"local with everything", map[string]string{"WAR_ROOM_OPENAI_BASE_URL": "http://h:1/v1", "WAR_ROOM_OPENAI_MODEL": "qwen3",
			"WAR_ROOM_OPENAI_FAMILY": "qwen", "WAR_ROOM_OPENAI_API_KEY": "secret"}, map[string]ProviderConfig{
			"local": detectedProfile("openai", "qwen", "qwen3", "WAR_ROOM_OPENAI_API_KEY", "http://h:1/v1")}},
		{"all four", map[string]string{"ANTHROPIC_API_KEY": "a", "OPENAI_API_KEY": "o", "GEMINI_API_KEY": "g",
			"WAR_ROOM_OPENAI_BASE_URL": "http://h:1/v1"}, map[string]ProviderConfig{
			"anthropic": detectedProfile("anthropic", "anthropic", "claude-opus-4-8", "ANTHROPIC_API_KEY", ""),
			"openai":    detectedProfile("openai", "openai", "gpt-5.5", "OPENAI_API_KEY", ""),
			"gemini":    detectedProfile("openai", "google", "gemini-3.1-pro-preview", "GEMINI_API_KEY", "https://generativelanguage.googleapis.com/v1beta/openai/"),
			"local":     detectedProfile("openai", "local", "", "", "http://h:1/v1")}},
		{"local model without base url is ignored", map[string]string{"OPENAI_API_KEY": "o", "WAR_ROOM_OPENAI_MODEL": "x"}, map[string]ProviderConfig{
			"openai": detectedProfile("openai", "openai", "gpt-5.5", "OPENAI_API_KEY", "")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Detect(envOf(tc.env))
			require.NoError(t, err)
			require.Equal(t, tc.want, cfg.Providers)
			require.Equal(t, SourceEnvironment, cfg.Source)
			require.Equal(t, Default().GitHub, cfg.GitHub, "everything else is the defaults")
		})
	}
}

func detectedProfile(t ProviderType, family, model, keyEnv, baseURL string) ProviderConfig {
	p := NewProviderConfig(t)
	p.Family, p.Model, p.APIKeyEnv, p.BaseURL = family, model, keyEnv, baseURL
	return p
}

func TestDetectNone(t *testing.T) {
	_, err := Detect(envOf(map[string]string{"WAR_ROOM_ANTHROPIC_MODEL": "x", "WAR_ROOM_OPENAI_MODEL": "y", "OPENAI_API_KEY": "  "}))
	require.True(t, errors.As(err, &errNoProviders{}))
	for _, v := range []string{"ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY", "WAR_ROOM_OPENAI_BASE_URL", DefaultPath, "--config"} {
		require.Contains(t, err.Error(), v)
	}
}

func TestDetectRejectsBadLocalValues(t *testing.T) {
	_, err := Detect(envOf(map[string]string{"WAR_ROOM_OPENAI_BASE_URL": "localhost:8080", "WAR_ROOM_OPENAI_FAMILY": "Qwen"}))
	require.EqualError(t, err, `environment: WAR_ROOM_OPENAI_BASE_URL: want an http:// or https:// URL, got "localhost:8080"`+"\n"+
		`environment: WAR_ROOM_OPENAI_FAMILY: "Qwen" is not a family name: use lowercase letters, digits, '-', '_' or '.' (e.g. anthropic, openai, google)`)
}
