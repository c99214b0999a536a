package script

import (
	"context"

	"github.com/war-room/war-room/engine/provider"
)

func init() { provider.Register(entry) }

// entry answers from a file of scripted responses, for tests, benchmarks and demos.
var entry = provider.Vendor{
	Type:     provider.TypeScript,
	Keys:     []string{"responses"},
	Required: []string{"responses"},
	Local:    true,
	New: func(_ context.Context, s provider.Settings) (provider.Provider, string, error) {
		p, err := Load(s.Responses)
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
	Endpoint: func(provider.Settings) string { return "nowhere (scripted answers, no network)" },
}
