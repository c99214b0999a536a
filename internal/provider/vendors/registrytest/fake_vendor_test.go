package registrytest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/protocols"
)

// echo is a fourth vendor's adapter: it answers with what it was asked.
type echo struct{ model string }

func (e echo) Complete(_ context.Context, req provider.Request) (provider.Response, error) {
	return provider.Response{Text: "echo: " + req.User, Model: e.model}, nil
}

var built []provider.Settings

// The one line a new vendor adds (here in a test, there in the registry's list).
func init() {
	provider.Register(provider.Vendor{
		Type: "echo", Keys: []string{"base_url", "api_key_env"}, Required: []string{"model"},
		OverHTTP: true, Host: "api.echo.example", BaseURLs: []string{"https://api.echo.example/v2"},
		New: func(_ context.Context, s provider.Settings) (provider.Provider, string, error) {
			built = append(built, s)
			return echo{model: s.Model}, s.Model, nil
		},
		Capabilities: func(model, _ string) (provider.Capabilities, bool) {
			return provider.Capabilities{EffortLevels: []provider.Effort{provider.EffortLow}, ContextTokens: 1000}, model == "echo-1"
		},
		Detect: []provider.Detection{{Profile: "echo", Family: "echoes", KeyEnv: "ECHO_API_KEY", ModelEnv: "WAR_ROOM_ECHO_MODEL", DefaultModel: "echo-1"}},
	})
}

func TestARegisteredVendorIsConfiguredBuiltAndDisclosed(t *testing.T) {
	file := "version: 1\nproviders:\n  e:\n    type: echo\n    family: echoes\n    model: echo-1\n" +
		"    api_key_env: ECHO_KEY\n    timeout: 7s\n"
	cfg, err := config.Parse("war-room.yml", []byte(file), protocols.Sections()...)
	require.NoError(t, err)
	p, err := wiring.Profile(context.Background(), cfg, "e", func(k string) string { return map[string]string{"ECHO_KEY": "k-1"}[k] }, nil)
	require.NoError(t, err)

	require.Len(t, built, 1)
	assert.Equal(t, provider.Settings{Model: "echo-1", APIKey: "k-1", Timeout: 7 * time.Second}, built[0])
	assert.Equal(t, "api.echo.example", p.Endpoint, "the disclosure is the registry's")
	assert.Equal(t, 1000, p.ContextTokens, "capabilities come from the registry entry")
	assert.Equal(t, []provider.Effort{provider.EffortLow}, p.EffortLevels)
	resp, err := p.Provider.Complete(context.Background(), provider.Request{User: "hi"})
	require.NoError(t, err)
	assert.Equal(t, "echo: hi", resp.Text)
}

func TestARegisteredVendorsKeysAndRequirementsAreValidated(t *testing.T) {
	_, err := config.Parse("war-room.yml", []byte("version: 1\nproviders:\n  e:\n    type: echo\n    family: echoes\n"+
		"    responses: r.yml\n"), protocols.Sections()...)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "providers.e.responses")
	assert.Contains(t, err.Error(), "applies only to script profiles, not echo")
	assert.Contains(t, err.Error(), "model", "a required key of the entry")

	_, err = config.Parse("war-room.yml", []byte("version: 1\nproviders:\n  e:\n    type: telepathy\n    family: x\n"), protocols.Sections()...)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "echo", "the allowed types listed are the registry's")
}

func TestARegisteredVendorIsDetectedFromItsVariable(t *testing.T) {
	env := map[string]string{"ECHO_API_KEY": "k-2", "WAR_ROOM_ECHO_MODEL": "echo-2"}
	cfg, err := config.Detect(func(k string) string { return env[k] }, protocols.Sections()...)
	require.NoError(t, err)
	p := cfg.Providers["echo"]
	assert.Equal(t, config.ProviderType("echo"), p.Type)
	assert.Equal(t, "echo-2", p.Model)
	assert.Equal(t, "echoes", p.Family)
	assert.Equal(t, "ECHO_API_KEY", p.APIKeyEnv)

	_, err = config.Detect(func(string) string { return "" }, protocols.Sections()...)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ECHO_API_KEY", "the message names every detectable variable")
}
