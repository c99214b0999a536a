package council

import (
	"github.com/war-room/war-room/protocols/internal/panel"
)

// The panel toolkit's types, under the names this protocol's code and stored steps use.
type (
	// contribution is one role's answer in one phase.
	contribution = panel.Contribution
	// gap is a seat that produced nothing where it was asked to contribute.
	gap = panel.Gap
	// phaseResult is a phase's memoised aggregate: who answered and who did not.
	phaseResult = panel.PhaseResult
	// LowQuorum ends a deliberation in which too few seats answered for a phase to mean
	// anything; it is never converted into a decision.
	LowQuorum = panel.LowQuorum
)
