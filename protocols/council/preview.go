package council

import (
	"github.com/war-room/war-room/engine"
)

// PreviewPlan is the plan a session with this seed will draw, for a dry run that has no Run:
// engine.SeededRand is the generator Run.Rand gives the plan's step key, so a dry run never
// shows a seating the session would not use.
func PreviewPlan(opts Options, ps engine.Profiles, seed int64) (Plan, error) {
	return newPlan(opts.Defaulted(), ps, engine.SeededRand(seed, keyPlan))
}
