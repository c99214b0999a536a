package council

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

// TestEveryCacheWriteIsReadLater: a convened team marks no prefix for caching that no later
// call to the same model reads, and the material every call sends first is still written
// once per model and read after.
func TestEveryCacheWriteIsReadLater(t *testing.T) {
	material := engine.ContextInput("notes.md", strings.Repeat("Billing retries failed charges nightly; the queue must keep order. ", 100))
	for _, rounds := range []int{1, 2} {
		sp := script.New(team(nil))
		opts := options()
		opts.Rounds = rounds
		s, err := NewSession(question, []engine.Input{engine.NewInput(InputQuestion, question), material}, opts, 7, "--seed")
		require.NoError(t, err)
		s.ID = "wr-cache000000000001"
		ctx := context.Background()
		r, err := engine.Start(ctx, engine.RunConfig{Store: openStore(t, ""), Profiles: profiles(sp), Sleep: noWait}, s)
		require.NoError(t, err)
		d, err := execute(ctx, r)
		require.NoError(t, r.Finish(ctx, err))
		require.NotNil(t, d)
		unread, writes := cachecheck.Unread(sp.Requests())
		assert.Empty(t, unread, "%d rounds", rounds)
		assert.Positive(t, writes, "%d rounds: nothing was cached", rounds)
	}
}
