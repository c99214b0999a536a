package reason

import (
	"fmt"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/provider"
)

// Independence labels: the engine's, judged from the resolved profiles' families (Plan.Rule).
const (
	conforming          = decision.Conforming
	reducedIndependence = decision.ReducedIndependence
)

// Slot is one planned call of the chain.
type Slot struct {
	// Key is the step key the call runs under.
	Key  string `json:"key"`
	Role string `json:"role"`
	// Artifact is the file name of what the call produces, e.g. "CLAIM_MAP_2.md".
	Artifact string          `json:"artifact"`
	Pass     int             `json:"pass,omitempty"`
	Profile  string          `json:"profile"`
	Family   string          `json:"family"`
	Effort   provider.Effort `json:"effort"`
	// EffortFrom says where the effort came from: "config" or the effort profile's name.
	EffortFrom string `json:"effort_from"`
	// Pinned is true when configuration fixed the profile, so the draw did not choose it.
	Pinned bool `json:"pinned"`
}

// Input is the name under which this slot's artifact is fed to later roles.
func (s Slot) Input() string { return s.Artifact[:len(s.Artifact)-len(".md")] }

// Plan is the chain's resolved topology: who runs which role, at which effort, and the
// independence that assignment achieves.
type Plan struct {
	Seed          int64         `json:"seed"`
	EffortProfile effortProfile `json:"effort_profile"`
	Passes        int           `json:"passes"`
	HighAssurance bool          `json:"high_assurance"`
	// Orientation is seed mod 2 when the draw chose between two families, -1 when there was
	// nothing to draw (one family) or a pin overrode the drawn side.
	Orientation     int    `json:"orientation"`
	GeneratorFamily string `json:"generator_family"`
	AdversaryFamily string `json:"adversary_family"`
	Slots           []Slot `json:"slots"`
	Independence    string `json:"independence"`
	// IndependenceReasons says why a run is not conforming; empty when it is.
	IndependenceReasons []string `json:"independence_reasons,omitempty"`
}

// ExpectedCalls is the number of calls a run without retries makes.
func (p Plan) ExpectedCalls() int { return len(p.Slots) }

// ExpectedArtifacts lists the artifacts a complete run produces, in order.
func (p Plan) ExpectedArtifacts() []string {
	out := make([]string, len(p.Slots))
	for i, s := range p.Slots {
		out[i] = s.Artifact
	}
	return out
}

// Slot returns the slot with the given step key.
func (p Plan) Slot(key string) (Slot, bool) {
	for _, s := range p.Slots {
		if s.Key == key {
			return s, true
		}
	}
	return Slot{}, false
}

// Efforts returns every role's effective effort, one line per slot, for display.
func (p Plan) Efforts() []string {
	out := make([]string, len(p.Slots))
	for i, s := range p.Slots {
		out[i] = fmt.Sprintf("%s: %s (%s)", slotLabel(s), s.Effort, s.EffortFrom)
	}
	return out
}

func slotLabel(s Slot) string {
	switch {
	case s.Key == keyPositionB:
		return "generator (second)"
	case s.Pass > 0:
		return fmt.Sprintf("%s pass %d", s.Role, s.Pass)
	}
	return s.Role
}
