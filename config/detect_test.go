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
		{"anthropic default model", map[string]string{EnvAnthropicKey: "k"}, map[string]ProviderConfig{
			"anthropic": detectedProfile(TypeAnthropic, "anthropic", DefaultAnthropicModel, EnvAnthropicKey, "")}},
		{"anthropic model override", map[string]string{EnvAnthropicKey: "k", EnvAnthropicModel: "claude-sonnet-4-5"}, map[string]ProviderConfig{
			"anthropic": detectedProfile(TypeAnthropic, "anthropic", "claude-sonnet-4-5", EnvAnthropicKey, "")}},
		{"openai", map[string]string{EnvOpenAIKey: "k", EnvOpenAIModel: "gpt-5-mini"}, map[string]ProviderConfig{
			"openai": detectedProfile(TypeOpenAI, "openai", "gpt-5-mini", EnvOpenAIKey, "")}},
		{"gemini", map[string]string{EnvGeminiKey: "k"}, map[string]ProviderConfig{
			"gemini": detectedProfile(TypeOpenAI, "google", DefaultGeminiModel, EnvGeminiKey, GeminiBaseURL)}},
		{"local without model or key", map[string]string{EnvLocalBaseURL: "http://127.0.0.1:8080/v1"}, map[string]ProviderConfig{
			"local": detectedProfile(TypeOpenAI, "local", "", "", "http://127.0.0.1:8080/v1")}},
		{"local with everything", map[string]string{EnvLocalBaseURL: "http://h:1/v1", EnvLocalModel: "qwen3",
			EnvLocalFamily: "qwen", EnvLocalKey: "secret"}, map[string]ProviderConfig{
			"local": detectedProfile(TypeOpenAI, "qwen", "qwen3", EnvLocalKey, "http://h:1/v1")}},
		{"all four", map[string]string{EnvAnthropicKey: "a", EnvOpenAIKey: "o", EnvGeminiKey: "g",
			EnvLocalBaseURL: "http://h:1/v1"}, map[string]ProviderConfig{
			"anthropic": detectedProfile(TypeAnthropic, "anthropic", DefaultAnthropicModel, EnvAnthropicKey, ""),
			"openai":    detectedProfile(TypeOpenAI, "openai", DefaultOpenAIModel, EnvOpenAIKey, ""),
			"gemini":    detectedProfile(TypeOpenAI, "google", DefaultGeminiModel, EnvGeminiKey, GeminiBaseURL),
			"local":     detectedProfile(TypeOpenAI, "local", "", "", "http://h:1/v1")}},
		{"local model without base url is ignored", map[string]string{EnvOpenAIKey: "o", EnvLocalModel: "x"}, map[string]ProviderConfig{
			"openai": detectedProfile(TypeOpenAI, "openai", DefaultOpenAIModel, EnvOpenAIKey, "")}},
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
	_, err := Detect(envOf(map[string]string{EnvAnthropicModel: "x", EnvLocalModel: "y", EnvOpenAIKey: "  "}))
	require.True(t, errors.As(err, &ErrNoProviders{}))
	for _, v := range []string{EnvAnthropicKey, EnvOpenAIKey, EnvGeminiKey, EnvLocalBaseURL, DefaultPath, "--config"} {
		require.Contains(t, err.Error(), v)
	}
}

func TestDetectRejectsBadLocalValues(t *testing.T) {
	_, err := Detect(envOf(map[string]string{EnvLocalBaseURL: "localhost:8080", EnvLocalFamily: "Qwen"}))
	require.EqualError(t, err, `environment: WAR_ROOM_OPENAI_BASE_URL: want an http:// or https:// URL, got "localhost:8080"`+"\n"+
		`environment: WAR_ROOM_OPENAI_FAMILY: "Qwen" is not a family name: use lowercase letters, digits, '-', '_' or '.' (e.g. anthropic, openai, google)`)
}
