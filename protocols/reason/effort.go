package reason

import (
	"fmt"

	"github.com/war-room/war-room/engine/provider"
)

// effortProfile names a table of default per-role efforts.
type effortProfile string

// Effort profiles. Deep is the default: the fast profile thins the compressor and the
// synthesizer, which adjudicate, so a fast run can miss a weakness by never aiming at it.
const (
	effortDeep effortProfile = "deep"
	effortFast effortProfile = "fast"
)

var effortTable = map[effortProfile]map[string]provider.Effort{
	effortDeep: {
		rolePremise: provider.EffortLow, roleGenerator: provider.EffortMedium,
		roleCompressor: provider.EffortMedium, roleAttacker: provider.EffortHigh,
		roleSynthesizer: provider.EffortMedium,
	},
	effortFast: {
		rolePremise: provider.EffortLow, roleGenerator: provider.EffortLow,
		roleCompressor: provider.EffortLow, roleAttacker: provider.EffortMedium,
		roleSynthesizer: provider.EffortLow,
	},
}

// defaultEffort returns the profile's effort for a role.
func defaultEffort(p effortProfile, role string) (provider.Effort, error) {
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
