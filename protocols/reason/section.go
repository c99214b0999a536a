package reason

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/settings"
)

// SectionKey is where the chain's section sits in the configuration file (protocols.reason).
const SectionKey = "reason"

// Section is protocols.reason: the chain's own configuration.
type Section struct {
	// Pool is the profiles the seeded draw may assign; empty means the default pool (every
	// profile that is not scripted).
	Pool  []string                    `yaml:"pool"`
	Roles map[string]settings.RolePin `yaml:"roles" mapkey:"role"`
	// Timeouts bound the chain's calls; unset, a call's limit follows its effort.
	Timeouts SectionTimeouts `yaml:"timeouts"`
}

// SectionTimeouts are protocols.reason.timeouts.
type SectionTimeouts struct {
	// Call bounds every role's call.
	Call time.Duration `yaml:"call"`
}

// NewSection returns the section's defaults (nothing is set).
func NewSection() *Section { return &Section{} }

var _ settings.SectionValidator = (*Section)(nil)

// Validate checks role names and pins and every profile named, a pool listing one twice
// included.
func (s *Section) Validate(c *settings.Check) {
	settings.CheckRoles(c, "roles", s.Roles, Roles, "reasoning role")
	if s.Timeouts.Call == 0 && c.IsSet("timeouts.call") {
		c.Errorf("timeouts.call", "must be greater than zero (leave it out for the limit each call's effort earns)")
	}
	for i, name := range s.Pool {
		at := fmt.Sprintf("pool[%d]", i)
		c.Profile(at, name)
		if j := slices.Index(s.Pool, name); j < i {
			c.Errorf(at, "%q is listed twice (also pool[%d])", name, j)
		}
	}
}

// Flags are the command-line settings that shape a chain.
type Flags struct {
	Fast          bool
	Passes        int
	HighAssurance bool
}

// OptionsFrom resolves the chain's options from its configuration section, the configured
// profiles and the command-line flags. Only roles with a profile in the section are pinned; a
// role with only an effort keeps its place in the draw.
func OptionsFrom(sec *Section, ps engine.Profiles, f Flags) (Options, error) {
	if sec == nil {
		sec = NewSection()
	}
	pool := ps.DefaultPool()
	if len(sec.Pool) > 0 {
		pool = slices.Sorted(slices.Values(sec.Pool))
	}
	opts := Options{Pool: pool, EffortProfile: effortDeep, Passes: f.Passes, CallTimeout: sec.Timeouts.Call,
		HighAssurance: f.HighAssurance, Roles: map[string]roleSetting{}}
	if f.Fast {
		opts.EffortProfile = effortFast
	}
	if opts.Passes == 0 {
		opts.Passes = 1
	}
	for _, role := range slices.Sorted(maps.Keys(sec.Roles)) {
		if !slices.Contains(Roles, role) {
			return Options{}, fmt.Errorf("protocols.%s.roles.%s: unknown reasoning role", SectionKey, role)
		}
		if pin := sec.Roles[role]; pin != (roleSetting{}) {
			opts.Roles[role] = pin
		}
	}
	return opts, opts.Validate()
}
