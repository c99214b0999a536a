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
	keys, err := parseProviderEnv(" TEAM_KEY, ")
	if err != nil {
		t.Fatal(err)
	}
	get := providerEnv(func(k string) string { return env[k] }, keys)
	for name, want := range map[string]string{"ANTHROPIC_API_KEY": "sk-ant", "TEAM_KEY": "team", "WAR_ROOM_APP_PRIVATE_KEY": "",
		"WAR_ROOM_WEBHOOK_SECRET": "", "WAR_ROOM_DATABASE_URL": "", "HOME": ""} {
		if got := get(name); got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
}

func TestRefuseLocalProviders(t *testing.T) {
	for typ, refused := range map[config.ProviderType]bool{"script": true, "cli": true, "anthropic": false, "openai": false} {
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

// A key goes only to its own vendor's endpoint, a local key to the operator's own server,
// and any key to an endpoint the operator allows: a repository cannot send the Anthropic key
// to OpenAI, or any key to a server of its own.
func TestKeyPolicySendsEachKeyToItsVendorOnly(t *testing.T) {
	keys, err := parseProviderEnv("TEAM_KEY, ROUTER_KEY=openai, CLAUDE_PROXY_KEY=anthropic")
	if err != nil {
		t.Fatal(err)
	}
	policy := newKeyPolicy(keys, "http://vllm.ops.example:8000/v1/", []string{"", "https://llm.internal.example/v1"})
	const attacker = "https://attacker.example/v1"
	cases := []struct {
		p       config.ProviderConfig
		refused bool
	}{
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY", BaseURL: "https://api.openai.com/v1/"}, false},
		{config.ProviderConfig{Type: "anthropic", APIKeyEnv: "ANTHROPIC_API_KEY"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "GEMINI_API_KEY", BaseURL: "https://generativelanguage.googleapis.com/v1beta/openai/"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "WAR_ROOM_OPENAI_API_KEY", BaseURL: "http://vllm.ops.example:8000/v1"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "TEAM_KEY", BaseURL: "http://vllm.ops.example:8000/v1"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "ROUTER_KEY"}, false},
		{config.ProviderConfig{Type: "anthropic", APIKeyEnv: "CLAUDE_PROXY_KEY"}, false},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY", BaseURL: "https://llm.internal.example/v1/"}, false},
		{config.ProviderConfig{Type: "anthropic", APIKeyEnv: "ANTHROPIC_API_KEY", BaseURL: "https://llm.internal.example/v1"}, false},

		// Cross-vendor: each built-in key on another vendor's endpoint.
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "ANTHROPIC_API_KEY"}, true},
		{config.ProviderConfig{Type: "anthropic", APIKeyEnv: "OPENAI_API_KEY"}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "GEMINI_API_KEY"}, true},
		{config.ProviderConfig{Type: "anthropic", APIKeyEnv: "GEMINI_API_KEY"}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY", BaseURL: "https://generativelanguage.googleapis.com/v1beta/openai/"}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "ANTHROPIC_API_KEY", BaseURL: "https://generativelanguage.googleapis.com/v1beta/openai/"}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "WAR_ROOM_OPENAI_API_KEY"}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY", BaseURL: "http://vllm.ops.example:8000/v1"}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "TEAM_KEY"}, true},
		{config.ProviderConfig{Type: "anthropic", APIKeyEnv: "ROUTER_KEY"}, true},
		// A server of the repository's own, and variables that are not keys.
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "OPENAI_API_KEY", BaseURL: attacker}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "WAR_ROOM_OPENAI_API_KEY", BaseURL: attacker}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "UNSET_KEY", BaseURL: attacker}, true},
		{config.ProviderConfig{Type: "openai", APIKeyEnv: "WAR_ROOM_OPENAI_BASE_URL", BaseURL: attacker}, true},
	}
	for _, c := range cases {
		cfg := &config.Config{Providers: map[string]config.ProviderConfig{"p": c.p}}
		err := policy.check(cfg)
		if c.p.APIKeyEnv == "" { // keyless: TestKeylessProfilesGoOnlyWhereTheOperatorApproves
			continue
		}
		if (err != nil) != c.refused {
			t.Errorf("%+v: refused=%v, want %v (%v)", c.p, err != nil, c.refused, err)
		}
		if err != nil && err.Error() != "providers.p: "+errKeyEndpoint.Error() {
			t.Errorf("%+v: the refusal is not the generic one: %v", c.p, err)
		}
	}
}

// A profile with no key is held to the same endpoints: a repository cannot make the App send
// requests (or a /models probe) into the operator's network, or to a server of its own.
func TestKeylessProfilesGoOnlyWhereTheOperatorApproves(t *testing.T) {
	keys, err := parseProviderEnv("")
	if err != nil {
		t.Fatal(err)
	}
	policy := newKeyPolicy(keys, "http://vllm.ops.example:8000/v1/", []string{"https://llm.internal.example/v1"})
	for _, c := range []struct {
		p       config.ProviderConfig
		refused bool
	}{
		{config.ProviderConfig{Type: "openai"}, false},
		{config.ProviderConfig{Type: "anthropic", BaseURL: "https://api.anthropic.com/"}, false},
		{config.ProviderConfig{Type: "openai", BaseURL: "https://generativelanguage.googleapis.com/v1beta/openai"}, false},
		{config.ProviderConfig{Type: "openai", BaseURL: "http://vllm.ops.example:8000/v1"}, false},
		{config.ProviderConfig{Type: "openai", BaseURL: "https://llm.internal.example/v1/"}, false},
		{config.ProviderConfig{Type: "openai", BaseURL: "http://127.0.0.1:8500/v1"}, true},
		{config.ProviderConfig{Type: "openai", BaseURL: "http://169.254.169.254/latest"}, true},
		{config.ProviderConfig{Type: "openai", BaseURL: "http://their-own-ollama:11434/v1"}, true},
		{config.ProviderConfig{Type: "anthropic", BaseURL: "https://api.openai.com/v1"}, true},
	} {
		err := policy.check(&config.Config{Providers: map[string]config.ProviderConfig{"p": c.p}})
		if (err != nil) != c.refused {
			t.Errorf("%+v: refused=%v, want %v (%v)", c.p, err != nil, c.refused, err)
		}
		if err != nil && !errors.Is(err, errEndpoint) {
			t.Errorf("%+v: %v is not the endpoint refusal", c.p, err)
		}
	}
}

// The policy depends on names only: with no local endpoint configured a local key goes
// nowhere but to allowed endpoints, and nothing about the environment changes a reply.
func TestKeyPolicyWithoutALocalEndpoint(t *testing.T) {
	keys, _ := parseProviderEnv("")
	policy := newKeyPolicy(keys, "", nil)
	p := config.ProviderConfig{Type: "openai", APIKeyEnv: "WAR_ROOM_OPENAI_API_KEY", BaseURL: ""}
	if policy.permits(p) {
		t.Error("a local key went to OpenAI's endpoint with no local endpoint configured")
	}
}

func TestProviderEnvDeclarations(t *testing.T) {
	for _, bad := range []string{"X=azure", "WAR_ROOM_APP_PRIVATE_KEY=openai"} {
		if err := checkProviderEnv(bad); err == nil {
			t.Errorf("--provider-env %s accepted", bad)
		}
	}
	keys, err := parseProviderEnv(" A , B=gemini ,, ")
	if err != nil || keys["A"] != "local" || keys["B"] != "gemini" || keys["OPENAI_API_KEY"] != "openai" {
		t.Errorf("%v %v", keys, err)
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
