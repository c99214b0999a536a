package reason

import (
	"fmt"

	"github.com/war-room/war-room/engine"
)

// Bounded declares the chain's settings a server may bound: each pass adds a compressor and
// an attacker call.
func (o Options) Bounded() []engine.Bounded {
	return []engine.Bounded{{Ceiling: engine.CeilingPasses, Shown: fmt.Sprintf("--passes=%d", o.Passes), Value: int64(o.Passes)}}
}
