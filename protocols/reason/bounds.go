package reason

import (
	"fmt"

	"github.com/war-room/war-room/engine/limits"
)

// Bounded declares the chain's settings a server may bound: each pass adds a compressor and
// an attacker call.
func (o Options) Bounded() []limits.Bounded {
	return []limits.Bounded{{Ceiling: limits.CeilingPasses, Shown: fmt.Sprintf("--passes=%d", o.Passes), Value: int64(o.Passes)}}
}
