package reason

import (
	"fmt"

	"github.com/war-room/war-room/engine/provider"
)

// EffortProfile names a table of default per-role efforts.
type EffortProfile string

// Effort profiles. Deep is the default: the fast profile thins the compressor and the
// synthesizer, which adjudicate, so a fast run can miss a weakness by never aiming at it.
const (
	EffortDeep EffortProfile = "deep"
	EffortFast EffortProfile = "fast"
)

var effortTable = map[EffortProfile]map[string]provider.Effort{
	EffortDeep: {
		RolePremise: provider.EffortLow, RoleGenerator: provider.EffortMedium,
		RoleCompressor: provider.EffortMedium, RoleAttacker: provider.EffortHigh,
		RoleSynthesizer: provider.EffortMedium,
	},
	EffortFast: {
		RolePremise: provider.EffortLow, RoleGenerator: provider.EffortLow,
		RoleCompressor: provider.EffortLow, RoleAttacker: provider.EffortMedium,
		RoleSynthesizer: provider.EffortLow,
	},
}

// DefaultEffort returns the profile's effort for a role.
func DefaultEffort(p EffortProfile, role string) (provider.Effort, error) {
	t, ok := effortTable[p]
	if !ok {
		return "", fmt.Errorf("unknown effort profile %q (want deep or fast)", p)
	}
	e, ok := t[role]
	if !ok {
		return "", fmt.Errorf("unknown role %q", role)
	}
	return e, nil
}
