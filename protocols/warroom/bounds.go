package warroom

import (
	"fmt"

	"github.com/war-room/war-room/engine/limits"
)

// Bounded declares the protocol's settings a server may bound: each Delphi round asks the
// whole panel again.
func (o Options) Bounded() []limits.Bounded {
	return append([]limits.Bounded{{Ceiling: limits.CeilingRounds, Value: int64(o.DelphiMaxRounds),
		Shown: fmt.Sprintf("protocols.%s.delphi.max_rounds: %d", SectionKey, o.DelphiMaxRounds)}}, o.Baseline.Bounded()...)
}
