package config

import (
	"slices"

	"github.com/war-room/war-room/engine/provider"
)

// RoleAssignment says how the file assigns a protocol role. pinned is true when the file
// names a profile for the role; such a role is never drawn. effort is the file's effort for
// the role, "" when unset (the protocol's own default applies). For an unpinned war-room role
// profile is protocols.war_room.default_profile, which may be "" (the protocol chooses); for
// the reasoning chain and the council an unpinned role's profile is "" (the seeded draw or
// the protocol chooses). protocol is one of the Protocol names.
func (cfg *Config) RoleAssignment(protocol, role string) (profile string, effort provider.Effort, pinned bool) {
	var roles map[string]Role
	switch Protocol(protocol) {
	case ProtocolWarRoom:
		roles, profile = cfg.Protocols.WarRoom.Roles, cfg.Protocols.WarRoom.DefaultProfile
	case ProtocolReason:
		roles = cfg.Protocols.Reason.Roles
	case ProtocolCouncil:
		roles = cfg.Protocols.Council.Roles
	}
	r, ok := roles[role]
	if !ok {
		return profile, "", false
	}
	if r.Profile != "" {
		return r.Profile, r.Effort, true
	}
	return profile, r.Effort, false
}

// ReasonPool is the profiles the reasoning chain's seeded draw may use, sorted: the file's
// pool when set, else every profile that is not scripted, else (a test configuration with
// only scripted profiles) every profile.
func (cfg *Config) ReasonPool() []string {
	if len(cfg.Protocols.Reason.Pool) > 0 {
		return slices.Sorted(slices.Values(cfg.Protocols.Reason.Pool))
	}
	var real []string
	for _, name := range sortedKeys(cfg.Providers) {
		if cfg.Providers[name].Type != TypeScript {
			real = append(real, name)
		}
	}
	if len(real) == 0 {
		return sortedKeys(cfg.Providers)
	}
	return real
}
