package council

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/reported"
	"github.com/war-room/war-room/internal/provider/script"
)

// timed reports a scripted latency per model, scaled, for the script provider's answers,
// without waiting for it: the ledger keeps what the adapter reports, so a test of the
// estimator needs no wall clock.
func timed(inner *script.Provider, scale float64) reported.Provider {
	return reported.Provider{Inner: inner, Latency: func(req provider.Request) time.Duration {
		return time.Duration(float64(modelLatency[req.Model]) * scale)
	}}
}

var modelLatency = map[string]time.Duration{"claude-model": 40 * time.Second, "gpt-model": 70 * time.Second,
	"gemini-model": 55 * time.Second, "qwen-model": 30 * time.Second, "glm-model": 90 * time.Second}

// pricedProfiles are the five vendors with a price per token, answering through p.
func pricedProfiles(p provider.Provider) engine.Profiles {
	ps := profiles(nil)
	for _, prof := range ps {
		prof.Provider, prof.PriceInPerMTok, prof.PriceOutPerMTok = p, 3, 15
	}
	return ps
}

// After one recorded session the estimate shown before the next one's first seat call is
// within 2× of what that session took and spent, on scripted latencies; the seeds alone are
// not, and the record sets the estimate beside the actuals.
func TestEstimateIsWithinTwiceTheActualAfterCalibration(t *testing.T) {
	st := openStore(t, "")
	ctx := context.Background()
	run := func(id string, scale float64) (estimate.Estimate, ledger.Spent, *decision.Decision) {
		ps := pricedProfiles(timed(script.New(triaged(shapeTeam)), scale))
		opts, err := optionsFrom(NewSection(), ps, Flags{Go: true})
		require.NoError(t, err)
		r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps}, session(t, opts, id, 7))
		require.NoError(t, err)
		d, err := execute(ctx, r)
		require.NoError(t, r.Finish(ctx, err))
		var est estimate.Estimate
		b, err := st.GetStep(ctx, id, "estimate")
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(b, &est))
		entries, err := st.Ledger(ctx, id)
		require.NoError(t, err)
		return est, estimate.Actual(entries), d
	}
	seeded, first, _ := run("wr-estimate0000001", 1)
	assert.Zero(t, seeded.Sessions)
	assert.False(t, within2(seeded.TypicalMinutes, first.Minutes), "the seeds alone: est. %.2f min, took %.2f", seeded.TypicalMinutes, first.Minutes)

	calibrated, second, d := run("wr-estimate0000002", 1.4) // the providers are slower today
	assert.Equal(t, 1, calibrated.Sessions)
	assert.True(t, within2(calibrated.TypicalMinutes, second.Minutes), "calibrated: est. %.2f min, took %.2f", calibrated.TypicalMinutes, second.Minutes)
	require.NotNil(t, calibrated.USD)
	assert.True(t, within2(calibrated.TypicalUSD, second.USD), "calibrated: est. $%.4f, spent $%.4f", calibrated.TypicalUSD, second.USD)
	assert.Equal(t, second.Calls, calibrated.Calls)
	for _, b := range calibrated.Basis() {
		assert.Contains(t, b, "calibrated from")
	}
	sec, ok := d.Section(engine.SectionEstimate)
	require.True(t, ok)
	assert.Equal(t, [][]string{{"Seats", "4", "4"}, {"Calls", strconv.Itoa(calibrated.Calls), strconv.Itoa(second.Calls)},
		{"Minutes", calibrated.Minutes.Format(1), fmt.Sprintf("%.1f", second.Minutes)},
		{"USD", "$" + calibrated.USD.Format(2), fmt.Sprintf("script $%.2f", second.USD)}}, sec.Table.Rows)
	assert.Contains(t, sec.Text, "calibrated from 1 recorded session(s)")
}

func within2(est, actual float64) bool {
	return est > 0 && actual > 0 && math.Max(est, actual)/math.Min(est, actual) <= 2
}

// listCounter is a store that counts how often the session history is listed.
type listCounter struct {
	engine.Store
	lists int
}

func (s *listCounter) ListSessions(ctx context.Context, protocol string, limit int) ([]engine.Session, error) {
	s.lists++
	return s.Store.ListSessions(ctx, protocol, limit)
}

// A session reads the history its estimates are calibrated from once: listing sessions
// decodes every listed session's inputs, its own included, so a megabyte of context would
// cost that decode again for each estimate. The engine's forecast and the card still agree.
func TestTheHistoryIsReadOncePerSession(t *testing.T) {
	st := &listCounter{Store: openStore(t, "")}
	ctx := context.Background()
	ps := pricedProfiles(timed(script.New(triaged(shapeTeam)), 1))
	opts, err := optionsFrom(NewSection(), ps, Flags{Go: true})
	require.NoError(t, err)
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps}, session(t, opts, "wr-estimate0000003", 7))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
	assert.Equal(t, 1, st.lists, "one read of the history")

	var card estimate.Estimate
	b, err := st.GetStep(ctx, r.Session().ID, "estimate")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &card))
	var forecast engine.Forecast
	b, err = st.GetStep(ctx, r.Session().ID, "engine/estimate")
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &forecast))
	assert.Equal(t, card.Neutral(forecast.SeatRoles), forecast, "the engine's forecast is the card's")
	sec, ok := d.Section(engine.SectionEstimate)
	require.True(t, ok)
	assert.NotEmpty(t, sec.Table.Rows)
}

// The estimate counts triage as a round of its own only where the seats wait for its whole
// answer: with a card to confirm between them, or an answer that does not stream. With --go on
// a vendor's API, triage shares the blind positions' round.
func TestTheEstimateCountsTriageBesideTheSeatsOnlyWhenItStreams(t *testing.T) {
	o, ps := planOpts(vendors...)
	p, err := newPlan(o, ps, rand.New(rand.NewPCG(1, 1)))
	require.NoError(t, err)
	o.Triage, o.Version = true, optionsVersion
	withCard, cardless := o, o
	cardless.Go = true
	apart := callPlan(withCard, p, true)
	assert.Equal(t, []string{keyTriage, keyBlind}, phaseNames(apart)[:2], "a card waits between them")
	assert.Equal(t, apart.Rounds(), callPlan(cardless, p, false).Rounds(), "an answer that does not stream is waited for whole")
	beside := callPlan(cardless, p, true)
	assert.Equal(t, apart.Rounds()-1, beside.Rounds())
	assert.Equal(t, apart.Calls(), beside.Calls(), "the same calls")
	assert.Equal(t, keyTriage+"+"+keyBlind, phaseNames(beside)[0])

	for typ, want := range map[string]bool{"anthropic": true, "openai": true, provider.TypeScript: false, provider.TypeCLI: false} {
		assert.Equal(t, want, streams(engine.Profiles{"x": {Name: "x", Type: typ}}, "x"), typ)
	}
	assert.False(t, streams(engine.Profiles{}, "missing"))
}

func phaseNames(p estimate.Plan) []string {
	var out []string
	for _, ph := range p.Phases {
		out = append(out, ph.Name)
	}
	return out
}
