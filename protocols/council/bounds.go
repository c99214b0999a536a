package council

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/limits"
)

// Bounded declares the standing team's settings a server may bound: every seat makes a
// position, a cross-examination per round and a ballot; every round asks every seat again.
func (o Options) Bounded() []limits.Bounded {
	return append([]limits.Bounded{
		{Ceiling: limits.CeilingSeats, Value: int64(len(o.Team)),
			Shown: fmt.Sprintf("A team of %d seats (%s)", len(o.Team), strings.Join(o.Team, ", "))},
		{Ceiling: limits.CeilingRounds, Value: int64(o.Rounds), Shown: fmt.Sprintf("--rounds=%d", o.Rounds)},
	}, o.Baseline.Bounded()...)
}
