package council

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
)

// Bounded declares the standing team's settings a server may bound: every seat makes a
// position, a cross-examination per round and a ballot; every round asks every seat again.
func (o Options) Bounded() []engine.Bounded {
	return append([]engine.Bounded{
		{Ceiling: engine.CeilingSeats, Value: int64(len(o.Team)),
			Shown: fmt.Sprintf("A team of %d seats (%s)", len(o.Team), strings.Join(o.Team, ", "))},
		{Ceiling: engine.CeilingRounds, Value: int64(o.Rounds), Shown: fmt.Sprintf("--rounds=%d", o.Rounds)},
	}, o.Baseline.Bounded()...)
}
