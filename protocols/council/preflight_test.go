package council

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/provider/script"
)

// triaged scripts a full deliberation whose triage call answers with shape.
func triaged(shape string) script.Script {
	sc := team(nil, script.Response{Role: Triage, Text: "SHAPE: " + shape + "\n\n## Why\nIt has one checkable answer."})
	return sc
}

// convened resolves options the way a command does, from the built-in catalog.
func convened(t *testing.T, p *script.Provider, f Flags) Options {
	t.Helper()
	o, err := optionsFrom(NewSection(), profiles(p), f)
	require.NoError(t, err)
	return o
}

// runOnce starts or resumes the session with answers and runs it to its next stop.
func runOnce(t *testing.T, st engine.Store, p *script.Provider, opts Options, answers map[string]string) (*decision.Decision, error) {
	t.Helper()
	return runOn(t, st, profiles(p), opts, answers)
}

// runOn is runOnce on the profiles ps.
func runOn(t *testing.T, st engine.Store, ps engine.Profiles, opts Options, answers map[string]string) (*decision.Decision, error) {
	t.Helper()
	ctx := context.Background()
	rc := engine.RunConfig{Store: st, Profiles: ps, Answers: answers, Sleep: noWait}
	r, err := engine.Resume(ctx, rc, "wr-triage000000001")
	if errors.Is(err, engine.ErrNotFound) {
		r, err = engine.Start(ctx, rc, session(t, opts, "wr-triage000000001", 7))
	}
	require.NoError(t, err)
	d, err := execute(ctx, r)
	return d, r.Finish(ctx, err)
}

func gateOf(err error) string {
	var g *engine.GateError
	if errors.As(err, &g) {
		return g.Gate.Key
	}
	return ""
}

// A trivial question: one short triage call, recorded in the ledger, opens the triage gate
// before any seat is called; the gate says what triage found. Answered, it never opens again;
// the card then waits, and the session runs once the card is confirmed.
func TestTriageGateOnATrivialQuestion(t *testing.T) {
	st, p := openStore(t, ""), script.New(triaged(shapeSingle))
	opts := convened(t, p, Flags{})
	_, err := runOnce(t, st, p, opts, nil)
	require.Equal(t, gateTriage, gateOf(err), "%v", err)
	var g *engine.GateError
	errors.As(err, &g)
	assert.Contains(t, g.Gate.Question, "single-agent-shaped; its reason is quoted below.")
	assert.Equal(t, "It has one checkable answer.", g.Gate.Excerpt, "the model's reason is kept apart from war-room's question")
	assert.NotContains(t, g.Gate.Question, "checkable")
	assert.Contains(t, g.Gate.Question, "est. ", "the gate shows what the team would cost")
	assert.Equal(t, []string{answerProceed, answerDrop}, g.Gate.Choices)
	assert.Equal(t, 1, p.Calls(), "only the triage call was made")
	assert.Equal(t, 1, p.CallsFor(Triage))
	ledger, _ := st.Ledger(context.Background(), "wr-triage000000001")
	require.Len(t, ledger, 1)
	assert.Equal(t, Triage, ledger[0].Role)

	_, err = runOnce(t, st, p, opts, map[string]string{gateTriage: answerProceed})
	require.Equal(t, GateCard, gateOf(err), "%v", err)
	assert.Equal(t, 1, p.Calls(), "no seat is called before the card is confirmed")

	d, err := runOnce(t, st, p, opts, map[string]string{GateCard: answerProceed})
	require.NoError(t, err)
	assert.Equal(t, 1, p.CallsFor(Triage), "the triage gate fired once, and triage was asked once")
	assert.Equal(t, 4*3+2+1, p.Calls())
	assert.Contains(t, d.Notes, "Triage judged the question single-agent-shaped (It has one checkable answer.); a person chose to convene the team anyway.")
	est, ok := d.Section(engine.SectionEstimate)
	require.True(t, ok)
	assert.Equal(t, []string{"Calls", "15", "15"}, est.Table.Rows[1], "the record sets the calls expected beside those made")
	assert.Equal(t, []string{"Seats", "4", "4"}, est.Table.Rows[0])
}

// --go skips the card and only the card: triage still asks.
func TestGoSkipsOnlyTheCard(t *testing.T) {
	st, p := openStore(t, ""), script.New(triaged(shapeSingle))
	opts := convened(t, p, Flags{Go: true})
	_, err := runOnce(t, st, p, opts, nil)
	require.Equal(t, gateTriage, gateOf(err), "--go does not skip triage: %v", err)
	d, err := runOnce(t, st, p, opts, map[string]string{gateTriage: answerProceed})
	require.NoError(t, err, "with --go no card waits")
	assert.NotEmpty(t, d.MerkleRoot)
	gates, _ := st.Gates(context.Background(), "wr-triage000000001")
	require.Len(t, gates, 1)
	assert.Equal(t, gateTriage, gates[0].Key)
}

// A question that needs the team opens no triage gate: the card is the only stop.
func TestTeamShapedQuestionOnlyWaitsForTheCard(t *testing.T) {
	st, p := openStore(t, ""), script.New(triaged(shapeTeam))
	opts := convened(t, p, Flags{})
	_, err := runOnce(t, st, p, opts, nil)
	require.Equal(t, GateCard, gateOf(err), "%v", err)
	var g *engine.GateError
	errors.As(err, &g)
	for _, want := range []string{"profile coding-ratification", "| Skeptic | adversarial |", "Holding no seat", "Estimate: ~4 seats · ~15 calls",
		"seed constant", "Convene the team? No seat has been called yet"} {
		assert.Contains(t, g.Gate.Question, want)
	}
	// The answers are each surface's to name (GitHub offers /war-room proceed and cancel).
	assert.NotContains(t, g.Gate.Question, "decline")
	assert.Equal(t, 1, p.Calls())
}

// Dropping at the triage gate or declining the card stops the session with no seat called.
func TestDroppingStopsBeforeAnySeat(t *testing.T) {
	for gate, answers := range map[string]map[string]string{
		gateTriage: {gateTriage: answerDrop},
		GateCard:   {gateTriage: answerProceed, GateCard: answerDecline},
	} {
		st, p := openStore(t, ""), script.New(triaged(shapeSingle))
		_, err := runOnce(t, st, p, convened(t, p, Flags{}), answers)
		var stopped *engine.Stopped
		require.True(t, errors.As(err, &stopped), "%s: %v", gate, err)
		assert.Equal(t, gate, stopped.Gate)
		assert.Equal(t, 1, p.Calls(), "%s: only triage was asked", gate)
	}
}

// A triage call that fails is no verdict: no gate opens for it, and the record says so.
func TestFailedTriageIsNoVerdict(t *testing.T) {
	st, p := openStore(t, ""), script.New(team(nil, script.Response{Role: Triage, Error: "transport"}))
	d, err := runOnce(t, st, p, convened(t, p, Flags{Go: true}), nil)
	require.NoError(t, err)
	assert.Contains(t, d.Notes, "Triage gave no usable answer (transport); the team convened without a classification.")
}
