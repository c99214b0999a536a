package council

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

// TestTheRecordShowsTheEffortSent: the panel in the decision shows the level each model was
// actually sent, not the one its role asked for; a model that takes no effort shows none.
func TestTheRecordShowsTheEffortSent(t *testing.T) {
	p := script.New(team(nil))
	ps := profiles(p)
	ps["claude"].EffortLevels = []provider.Effort{provider.EffortLow}
	ps["gpt"].EffortLevels = []provider.Effort{}
	ctx := context.Background()
	st := openStore(t, "")
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps, Sleep: noWait}, session(t, options(), "wr-council00000009", 7))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
	ledger, err := st.Ledger(ctx, r.Session().ID)
	require.NoError(t, err)
	sent := map[string]string{}
	for _, e := range ledger {
		sent[e.Profile] = string(e.Effort)
	}
	seen := 0
	for _, m := range d.Panel {
		switch m.Profile {
		case "claude":
			assert.Equal(t, "low", m.Effort, m.Role)
			seen++
		case "gpt":
			assert.Empty(t, m.Effort, m.Role)
			seen++
		}
	}
	require.Positive(t, seen, "the seeded plan seats claude or gpt")
	assert.Equal(t, "low", sent["claude"])
}
