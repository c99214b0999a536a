package vendortest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// EffortOnTheWire sends one request per rung of the ladder and one with no effort, and finds
// the effort in the request body at keys. The adapter sends the level it is given, by name:
// choosing a level the model accepts is the engine's work. With no effort, keys[0] (the field
// holding it) must be absent from the body altogether.
func (v Vendor) EffortOnTheWire(t *testing.T, keys ...any) {
	for _, e := range append([]provider.Effort{""}, provider.Ladder...) {
		t.Run("effort "+string(e), func(t *testing.T) {
			srv := NewServer(t, v.replyOnce(t))
			_, err := v.Client(srv, Knobs{Model: "m"}).Complete(context.Background(),
				provider.Request{User: "q", Effort: e})
			require.NoError(t, err)
			b := srv.Requests()[0].Body
			if e == "" {
				assert.NotContains(t, b, keys[0])
				return
			}
			assert.Equal(t, string(e), Path(b, keys...))
		})
	}
}
