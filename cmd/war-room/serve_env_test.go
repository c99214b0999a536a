package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/config"
)

// A repository's api_key_env reaches only provider variables: naming the App's own secrets
// (or anything else in the server's environment) yields nothing.
func TestProviderEnvIsAnAllowlist(t *testing.T) {
	env := map[string]string{"ANTHROPIC_API_KEY": "sk-ant", "WAR_ROOM_APP_PRIVATE_KEY": "pem", "WAR_ROOM_WEBHOOK_SECRET": "s",
		"WAR_ROOM_DATABASE_URL": "postgres://u:p@db/x", "HOME": "/root", "TEAM_KEY": "team"}
	get := providerEnv(func(k string) string { return env[k] }, " TEAM_KEY, ")
	for name, want := range map[string]string{"ANTHROPIC_API_KEY": "sk-ant", "TEAM_KEY": "team", "WAR_ROOM_APP_PRIVATE_KEY": "",
		"WAR_ROOM_WEBHOOK_SECRET": "", "WAR_ROOM_DATABASE_URL": "", "HOME": ""} {
		if got := get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

func TestRefuseLocalProviders(t *testing.T) {
	for typ, refused := range map[config.ProviderType]bool{config.TypeScript: true, config.TypeCLI: true, "anthropic": false, "openai": false} {
		cfg := &config.Config{Providers: map[string]config.ProviderConfig{"p": {Type: typ}}}
		if err := refuseLocalProviders(cfg); (err != nil) != refused {
			t.Errorf("%s: %v", typ, err)
		}
	}
}

func TestServeSecrets(t *testing.T) {
	dir := t.TempDir()
	secretFile := filepath.Join(dir, "secret")
	os.WriteFile(secretFile, []byte("from-file\r\n"), 0o600)
	vars := map[string]string{"WAR_ROOM_APP_ID": "42", "WAR_ROOM_APP_PRIVATE_KEY": `-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----`,
		"WAR_ROOM_WEBHOOK_SECRET": "from-env", "GITHUB_API_URL": "https://ghe.example.com/api/v3"}
	e := &env{getenv: func(k string) string { return vars[k] }}

	secret, c, err := (&serveFlags{}).secrets(e)
	if err != nil || string(secret) != "from-env" || c.AppID != 42 || c.APIURL != "https://ghe.example.com/api/v3" ||
		string(c.PrivateKey) != "-----BEGIN RSA PRIVATE KEY-----\nabc\n-----END RSA PRIVATE KEY-----" {
		t.Fatalf("secrets from the environment: %q %+v %v", secret, c, err)
	}
	if secret, _, err := (&serveFlags{secretFile: secretFile}).secrets(e); err != nil || string(secret) != "from-file" {
		t.Errorf("secret from a file: %q %v", secret, err)
	}
	vars["WAR_ROOM_APP_ID"] = "seven"
	var xe *exitError
	if _, _, err := (&serveFlags{}).secrets(e); !errors.As(err, &xe) || xe.code != exitUsage || !strings.Contains(err.Error(), "App ID") {
		t.Errorf("a bad App ID: %v", err)
	}
	if _, _, err := (&serveFlags{secretFile: filepath.Join(dir, "missing")}).secrets(e); err == nil {
		t.Error("a missing secret file was accepted")
	}
}

// A repository may not point a profile that reads one of the server's keys at its own
// server: that would hand the App's provider key to whoever installed it.
func TestRefuseKeyToForeignEndpoint(t *testing.T) {
	env := func(k string) string {
		return map[string]string{"OPENAI_API_KEY": "sk-server", "GEMINI_API_KEY": "g",
			"WAR_ROOM_OPENAI_BASE_URL": "http://vllm.ops.example:8000/v1", "WAR_ROOM_OPENAI_API_KEY": "local"}[k]
	}
	allowed := []string{"https://llm.internal.example/v1"}
	cases := []struct {
		p       config.ProviderConfig
		refused bool
	}{
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY", BaseURL: "https://attacker.example/v1"}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY", BaseURL: "https://llm.internal.example/v1/"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "GEMINI_API_KEY", BaseURL: config.GeminiBaseURL}, false},
		{config.ProviderConfig{Type: "openai", BaseURL: "http://their-own-ollama:11434/v1"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "UNSET_KEY", BaseURL: "https://attacker.example/v1"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "WAR_ROOM_OPENAI_API_KEY", BaseURL: "http://vllm.ops.example:8000/v1"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "WAR_ROOM_OPENAI_API_KEY", BaseURL: "https://attacker.example/v1"}, true},
	}
	for _, c := range cases {
		cfg := &config.Config{Providers: map[string]config.ProviderConfig{"p": c.p}}
		err := refuseKeyToForeignEndpoint(cfg, env, allowed)
		if (err != nil) != c.refused {
			t.Errorf("%+v: refused=%v, want %v (%v)", c.p, err != nil, c.refused, err)
		}
		if err != nil && (strings.Contains(err.Error(), "sk-server") || !strings.Contains(err.Error(), "providers.p")) {
			t.Errorf("error must name the profile and never the key: %v", err)
		}
	}
}

func TestProviderEnvRefusesTheAppsOwnSecrets(t *testing.T) {
	for _, n := range appSecrets {
		if err := checkProviderEnv("TEAM_KEY, " + n); err == nil || !strings.Contains(err.Error(), n) {
			t.Errorf("--provider-env %s: %v", n, err)
		}
	}
	if err := checkProviderEnv("TEAM_KEY,OTHER_KEY"); err != nil {
		t.Errorf("ordinary names refused: %v", err)
	}
}
