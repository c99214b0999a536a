package httpvendor

import "github.com/war-room/war-room/engine/provider"

// ladder is war-room's effort scale, lowest first.
var ladder = []provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh,
	provider.EffortXHigh, provider.EffortMax}

// CapEffort returns e, lowered to ceiling when ceiling is set and lower. Both vendors' effort
// knobs use the same five names, so an adapter converts the result by name. Unset or unknown
// effort gives "", meaning send nothing and leave the model's default: a model without an
// effort knob rejects the field outright.
func CapEffort(e, ceiling provider.Effort) provider.Effort {
	i, top := rung(e), rung(ceiling)
	if i < 0 {
		return ""
	}
	if top >= 0 && i > top {
		i = top
	}
	return ladder[i]
}

func rung(e provider.Effort) int {
	for i, r := range ladder {
		if r == e {
			return i
		}
	}
	return -1
}
