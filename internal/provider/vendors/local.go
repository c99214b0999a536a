package vendors

import (
	"context"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/cli"
	"github.com/war-room/war-room/internal/provider/script"
)

// cliVendor runs an agent CLI (claude -p, codex exec, gemini -p) on this machine.
var cliVendor = Vendor{
	Type:     provider.TypeCLI,
	Keys:     []string{"api_key_env", "command", "binary"},
	Required: []string{"model", "command"},
	Local:    true,
	New: func(_ context.Context, s Settings) (provider.Provider, string, error) {
		c, err := cli.New(cli.Config{Command: s.Command, Binary: s.Binary, Model: s.Model, Timeout: s.Timeout, APIKey: s.APIKey})
		return c, s.Model, err
	},
	// The CLI's own effort flag decides what it takes.
	Capabilities: func(_, command string) (provider.Capabilities, bool) {
		return provider.Capabilities{EffortLevels: cli.EffortLevels(command)}, true
	},
	Endpoint: func(s Settings) string { return "the local " + s.Command + " program (and its vendor)" },
}

// scriptVendor answers from a file of scripted responses, for tests, benchmarks and demos.
var scriptVendor = Vendor{
	Type:     provider.TypeScript,
	Keys:     []string{"responses"},
	Required: []string{"responses"},
	Local:    true,
	New: func(_ context.Context, s Settings) (provider.Provider, string, error) {
		p, err := script.Load(s.Responses)
		model := s.Model
		if model == "" {
			model = "script"
		}
		return p, model, err
	},
	// A script takes whatever it is sent.
	Capabilities: func(string, string) (provider.Capabilities, bool) {
		return provider.Capabilities{EffortLevels: provider.Ladder}, true
	},
	Endpoint: func(Settings) string { return "nowhere (scripted answers, no network)" },
}
