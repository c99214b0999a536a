package reason

import (
	"github.com/war-room/war-room/config"
)

// Flags are the command-line settings that shape a chain.
type Flags struct {
	Fast          bool
	Passes        int
	HighAssurance bool
}

// OptionsFromConfig resolves the chain's options from configuration (the reasoning pool and
// protocols.reason.roles) and the command-line flags. Only roles with a profile in
// configuration are pinned; a role with only an effort keeps its place in the draw.
func OptionsFromConfig(cfg *config.Config, f Flags) (Options, error) {
	opts := Options{Pool: cfg.ReasonPool(), EffortProfile: EffortDeep, Passes: f.Passes,
		HighAssurance: f.HighAssurance, Roles: map[string]RoleSetting{}}
	if f.Fast {
		opts.EffortProfile = EffortFast
	}
	if opts.Passes == 0 {
		opts.Passes = 1
	}
	for _, role := range Roles {
		profile, effort, pinned := cfg.RoleAssignment(string(config.ProtocolReason), role)
		s := RoleSetting{Effort: effort}
		if pinned {
			s.Profile = profile
		}
		if s != (RoleSetting{}) {
			opts.Roles[role] = s
		}
	}
	return opts, opts.Validate()
}
