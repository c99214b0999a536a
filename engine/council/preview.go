package council

import (
	"hash/fnv"
	"math/rand/v2"

	"github.com/war-room/war-room/engine"
)

// PreviewPlan is the plan a session with this seed will draw, for a dry run that has no Run.
// It seeds its generator the way engine.Run.Rand does for the plan's step key; a test holds
// the two together, so a dry run never shows a seating the session would not use.
func PreviewPlan(opts Options, ps engine.Profiles, seed int64) (Plan, error) {
	h := fnv.New64a()
	h.Write([]byte(keyPlan))
	return NewPlan(opts.withDefaults(), ps, rand.New(rand.NewPCG(uint64(seed), h.Sum64())))
}
