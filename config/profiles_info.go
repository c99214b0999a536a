package config

import "github.com/war-room/war-room/engine"

// Descriptors describes the configured profiles for planning (who may play which role, which
// families are there) with no provider behind them: names, types, models and families. A
// local server's model is empty until the profile is built and asks the server.
func (cfg *Config) Descriptors() engine.Profiles {
	out := engine.Profiles{}
	for n, p := range cfg.Providers {
		out[n] = &engine.Profile{Name: n, Type: string(p.Type), Model: p.Model, Family: p.Family,
			MaxConcurrency: p.MaxConcurrency, PriceInPerMTok: p.Price.InputPerMTok,
			PriceOutPerMTok: p.Price.OutputPerMTok}
	}
	return out
}
