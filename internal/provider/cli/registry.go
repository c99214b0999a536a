package cli

import (
	"context"

	"github.com/war-room/war-room/engine/provider"
)

func init() { provider.Register(entry) }

// entry runs an agent CLI (claude -p, codex exec, gemini -p) on this machine.
var entry = provider.Vendor{
	Type:     provider.TypeCLI,
	Keys:     []string{"api_key_env", "command", "binary"},
	Required: []string{"model", "command"},
	Local:    true,
	New: func(_ context.Context, s provider.Settings) (provider.Provider, string, error) {
		c, err := New(Config{Command: s.Command, Binary: s.Binary, Model: s.Model, Timeout: s.Timeout, APIKey: s.APIKey})
		return c, s.Model, err
	},
	// The CLI's own effort flag decides what it takes.
	Capabilities: func(_, command string) (provider.Capabilities, bool) {
		return provider.Capabilities{EffortLevels: EffortLevels(command)}, true
	},
	Endpoint: func(s provider.Settings) string { return "the local " + s.Command + " program (and its vendor)" },
}
