package warroom

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/provider/reported"
	"github.com/war-room/war-room/internal/provider/script"
)

// A war-room record sets the forecast made before the first call beside what the ledger
// says was spent: seats, calls, minutes and dollars.
func TestTheRecordShowsEstimateAgainstActual(t *testing.T) {
	st := openStore(t, "")
	sp := script.New(council(scoresFull, "", 0))
	ps := profiles(sp)
	for _, p := range ps {
		p.Provider, p.PriceInPerMTok, p.PriceOutPerMTok = reported.Every(sp, 20*time.Second), 3, 15
	}
	ctx := context.Background()
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps, Sleep: noWait}, session(t, options(ModeFull), "wr-estimate00000001"))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))

	entries, err := st.Ledger(ctx, d.SessionID)
	require.NoError(t, err)
	spent := ledger.SpentBy(entries)
	require.Greater(t, spent.Minutes, 0.0)
	require.Greater(t, spent.USD, 0.0)
	est, ok := d.Section(engine.SectionEstimate)
	require.True(t, ok, "%+v", d.Sections)
	rows := est.Table.Rows
	assert.Equal(t, []string{"Seats", "8", "8"}, rows[0], "a full council seats every role, and every one answered")
	assert.Equal(t, []string{"Calls", "26", fmt.Sprint(len(entries))}, rows[1])
	assert.Equal(t, fmt.Sprintf("%.1f", spent.Minutes), rows[2][2])
	assert.Regexp(t, `^\d+\.\d–\d+\.\d$`, rows[2][1], "minutes are a range")
	assert.Equal(t, fmt.Sprintf("script $%.2f", spent.USD), rows[3][2])
	assert.Regexp(t, `^\$\d+\.\d\d–\d+\.\d\d$`, rows[3][1], "dollars are a range")
	assert.Contains(t, d.Markdown(), "Estimate and actual")
}

// The forecast counts rounds as they run: a forced full council in seven (phase 0 with the
// intelligence, assessment, courses of action, escalation check with the challenges, vote,
// premortems, synthesis); on auto the intelligence officer reports after phase 0, a
// lightweight panel's challenges follow its escalation check, and the scout reports beside
// phase 0 only for small inputs, a speculative call of the express path.
func TestTheEstimateCountsRounds(t *testing.T) {
	sp := script.New(council(scoresFull, "", 0))
	ps := profiles(sp)
	st := openStore(t, "")
	for _, tc := range []struct {
		mode              Mode
		agentTeams, scout bool
		routed            Mode
		calls, rounds     int
	}{
		{ModeFull, false, false, ModeFull, 26, 7},
		{ModeFull, true, false, ModeFull, 32, 16}, // questions, answers and challenges apart; seven premortems in turn
		{ModeAuto, false, true, ModeFull, 26, 8},
		{ModeAuto, false, true, ModeLightweight, 17, 8},
		{ModeAuto, false, true, ModeExpress, 4, 3}, // the scout's report, speculative
		{ModeAuto, false, false, ModeFull, 26, 8},
		{ModeAuto, false, false, ModeLightweight, 17, 9},
		{ModeAuto, false, false, ModeExpress, 3, 3},
		{ModeExpress, false, false, ModeExpress, 3, 3},
	} {
		opts := options(tc.mode)
		opts.AgentTeams, opts.ScoutBeside = tc.agentTeams, tc.scout
		p, err := ResolvePanel(opts, ps)
		require.NoError(t, err)
		ests, err := Estimates(context.Background(), st, opts, p, ps)
		require.NoError(t, err)
		e := ests[tc.routed]
		assert.Equal(t, tc.calls, e.Calls, "%s routed %s", tc.mode, tc.routed)
		assert.Equal(t, tc.rounds, e.Rounds, "%s routed %s", tc.mode, tc.routed)
		assert.Contains(t, e.String(), fmt.Sprintf("~%d calls in %d rounds", tc.calls, tc.rounds))
	}
}
