package warroom

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/protocols/internal/cachecheck"
)

// TestEveryCacheWriteIsReadLater: in every mode, with the seats spread over five profiles or
// sharing one, no call marks a prefix for caching that no later call to the same model reads,
// and the material every call sends first is still written once per model and read after.
func TestEveryCacheWriteIsReadLater(t *testing.T) {
	material := engine.ContextInput("notes.md", strings.Repeat("Billing retries failed charges nightly; the queue must keep order. ", 100))
	for _, mode := range []Mode{ModeExpress, ModeLightweight, ModeFull, ModeDelphi} {
		for _, shared := range []bool{false, true} {
			sp := script.New(council(scoresFull, "", 0))
			ps := profiles(sp)
			opts := options(mode)
			if shared { // two profiles: a stage's seats read each other's shared prefix
				for k := range opts.Seats {
					opts.Seats[k] = Seat{Profile: "claude"}
				}
				opts.Seats[redTeam] = Seat{Profile: "gpt"}
				opts.Seats[SupremeCommander] = Seat{Profile: "gpt"}
			}
			s, err := NewSession(question, []engine.Input{engine.NewInput(InputQuestion, question), material}, opts, 7, "--seed")
			require.NoError(t, err)
			s.ID = "wr-cache000000000001"
			ctx := context.Background()
			r, err := engine.Start(ctx, engine.RunConfig{Store: openStore(t, ""), Profiles: ps, Sleep: noWait}, s)
			require.NoError(t, err)
			d, err := execute(ctx, r)
			require.NoError(t, r.Finish(ctx, err))
			require.NotNil(t, d)
			unread, writes := cachecheck.Unread(sp.Requests())
			assert.Empty(t, unread, "mode %s, one profile %v", mode, shared)
			assert.Positive(t, writes, "mode %s, one profile %v: nothing was cached", mode, shared)
		}
	}
}
