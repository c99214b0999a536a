package provider

import "slices"

// Ladder is the effort scale, lowest first.
var Ladder = []Effort{EffortLow, EffortMedium, EffortHigh, EffortXHigh, EffortMax}

// Rung is e's place on Ladder, or -1 for an empty or unknown effort.
func Rung(e Effort) int { return slices.Index(Ladder, e) }

// MapEffort returns the level to send for an asked effort when the model accepts levels: the
// highest accepted level at or below the ask, or, when the ask is below every accepted level,
// the lowest accepted one. Nothing asked, or nothing accepted, gives "": send no effort.
func MapEffort(asked Effort, levels []Effort) Effort {
	want := Rung(asked)
	if want < 0 || len(levels) == 0 {
		return ""
	}
	best, lowest := Effort(""), Effort("")
	for _, l := range levels {
		r := Rung(l)
		if r < 0 {
			continue
		}
		if r <= want && (best == "" || r > Rung(best)) {
			best = l
		}
		if lowest == "" || r < Rung(lowest) {
			lowest = l
		}
	}
	if best == "" {
		return lowest
	}
	return best
}
