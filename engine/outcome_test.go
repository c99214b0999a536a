package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/outcome"
	"github.com/war-room/war-room/engine/verify"
)

// sealedDecision runs one call, seals a decision over it and finishes the run.
func sealedDecision(t *testing.T, st engine.Store) string {
	t.Helper()
	ctx := context.Background()
	ps, _ := scripted(echoScript())
	r := startRun(t, st, ps, nil)
	require.NoError(t, callStep(ctx, r, "solo", "solo", func(engine.CallResult) error { return nil }))
	require.NoError(t, r.Seal(ctx, &decision.Decision{Title: "t", Question: "Which queue?", Outcome: "River"}, nil))
	require.NoError(t, r.Finish(ctx, nil))
	return r.Session().ID
}

var day = time.Date(2026, 11, 3, 9, 30, 0, 0, time.UTC)

// Outcomes chain to the decision's root and to each other; verify covers them, and finds an
// edited note, a dropped outcome and an outcome of another decision.
func TestOutcomesChainToTheDecisionAndVerify(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	id := sealedDecision(t, st)
	d, err := engine.LoadDecision(ctx, st, id)
	require.NoError(t, err)

	first, err := verify.RecordOutcome(ctx, st, id, "Held", "River ran a quarter without a lost job.", "ana", "cli", day)
	require.NoError(t, err)
	assert.Equal(t, outcome.Held, first.Verdict)
	assert.Equal(t, d.MerkleRoot, first.Prev, "the first outcome names the decision's root")
	second, err := verify.RecordOutcome(ctx, st, id, "partly", "Retries needed a second queue.", "bo", "cli", day.Add(48*time.Hour))
	require.NoError(t, err)
	assert.Equal(t, first.Digest, second.Prev)
	assert.Equal(t, 2, second.Seq)

	rep, err := verify.Session(ctx, st, id)
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%v", rep.Problems)
	assert.Equal(t, 2, rep.Outcomes)

	chain, err := verify.Outcomes(ctx, st, id)
	require.NoError(t, err)
	edited := append([]outcome.Addendum(nil), chain...)
	edited[0].Note = "River ran a quarter."
	problems := verify.OutcomeChain(id, d.MerkleRoot, edited)
	require.NotEmpty(t, problems)
	assert.Equal(t, "outcome 1", problems[0].Name)
	assert.Equal(t, "digest", problems[0].Field)

	dropped := verify.OutcomeChain(id, d.MerkleRoot, chain[1:])
	require.NotEmpty(t, dropped)
	assert.Contains(t, []string{dropped[0].Field, dropped[len(dropped)-1].Field}, "prev")

	other := verify.OutcomeChain(id, strings.Repeat("0", 64), chain)
	require.NotEmpty(t, other)
	assert.Equal(t, "root", other[0].Field)
}

// A tampered chain in the store fails verify, and no further outcome is added to it.
func TestAnOutcomeIsNotAddedToARecordThatNoLongerVerifies(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	id := sealedDecision(t, st)
	_, err := verify.RecordOutcome(ctx, st, id, "reversed", "We went back to cron.", "ana", "cli", day)
	require.NoError(t, err)
	raw, err := st.GetArtifact(ctx, id, outcome.Artifact)
	require.NoError(t, err)
	require.NoError(t, st.PutArtifact(ctx, id, outcome.Artifact, []byte(strings.Replace(string(raw), "reversed", "held", 1))))

	rep, err := verify.Session(ctx, st, id)
	require.NoError(t, err)
	require.False(t, rep.OK())
	assert.Equal(t, verify.ProblemOutcome, rep.Problems[0].Kind)

	_, err = verify.RecordOutcome(ctx, st, id, "held", "Another note.", "ana", "cli", day)
	require.Error(t, err)
	chain, err := verify.Outcomes(ctx, st, id)
	require.NoError(t, err)
	assert.Len(t, chain, 1, "nothing was added")
}

// Bad input is refused with the reason, and a secret in a note is redacted before it is
// digested or stored.
func TestAnOutcomeNeedsAVerdictAndANoteAndKeepsNoSecret(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	id := sealedDecision(t, st)
	_, err := verify.RecordOutcome(ctx, st, id, "maybe", "x", "ana", "cli", day)
	var ie *outcome.InputError
	require.ErrorAs(t, err, &ie)
	assert.Contains(t, err.Error(), "held, reversed or partly")
	_, err = verify.RecordOutcome(ctx, st, id, "held", "  ", "ana", "cli", day)
	require.ErrorContains(t, err, "needs a note")
	_, err = verify.RecordOutcome(ctx, st, "wr-none", "held", "x", "ana", "cli", day)
	require.ErrorIs(t, err, engine.ErrNotFound)

	secret := "ghp_" + strings.Repeat("a1B2", 9)
	a, err := verify.RecordOutcome(ctx, st, id, "held", "Rotated "+secret+" after the move.", "ana", "cli", day)
	require.NoError(t, err)
	assert.NotContains(t, a.Note, secret)
	raw, err := st.GetArtifact(ctx, id, outcome.Artifact)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), secret)
}
