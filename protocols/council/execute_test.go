package council

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/verify"
)

// A full session: every phase runs once per seat, the arbiter sits on a family no seat plays,
// the dissenting seat is named (and attributed) in the dissent, and the stored decision is
// the one returned.
func TestFullSession(t *testing.T) {
	st := openStore(t, "")
	d, p, err := convene(t, st, team(map[string]int{skeptic: 2}), options(), 7)
	require.NoError(t, err)
	ctx := context.Background()

	assert.Equal(t, "council", d.Protocol)
	assert.Equal(t, "[Council] "+question, d.Title)
	assert.Contains(t, d.Outcome, "Option 1: Adopt a queue")
	assert.Contains(t, d.Outcome, "Move billing to the queue in two steps.")
	require.Len(t, d.Dissent, 1)
	assert.Regexp(t, `^Member [A-D] \(Skeptic · [a-z]+-model\): cron is cheaper`, d.Dissent[0])
	assert.Equal(t, []string{"Reopen if queue spend exceeds the cron hosts' cost by half."}, d.WhatWouldChangeMind)
	assert.Equal(t, "3 of 4 (3-1)", d.Metrics["margin"])
	assert.Equal(t, "3 of 4 (3-1)", d.Margin)
	assert.Equal(t, "1", d.Metrics["dissenters"])
	// Each seat's closing vote is kept as its position, with its family, for calibration.
	require.Len(t, d.Positions, 4)
	chosen := 0
	for _, pos := range d.Positions {
		assert.NotEmpty(t, pos.Family)
		assert.Regexp(t, `^Option [12]$`, pos.Option)
		assert.Equal(t, pos.Option == "Option 1", pos.Chosen)
		if pos.Chosen {
			chosen++
		} else {
			assert.Equal(t, "Skeptic", pos.Seat, "the dissenting seat voted for the other option")
		}
	}
	assert.Equal(t, 3, chosen)
	assert.Equal(t, "clean", d.Metrics["arbiter_path"])

	opts := options()
	opts.Rounds = 1
	assert.Equal(t, 4*3+2, p.Calls(), "one blind, one cross and one closing call per seat, the docket and the ruling")
	ledger, err := st.Ledger(ctx, d.SessionID)
	require.NoError(t, err)
	assert.Len(t, ledger, 14)

	require.Len(t, d.Panel, 6)
	seatFamilies := map[string]bool{}
	for _, m := range d.Panel[:4] {
		assert.Regexp(t, `^Member [A-D]$`, m.Label)
		assert.Empty(t, m.Failed)
		seatFamilies[m.Family] = true
	}
	assert.GreaterOrEqual(t, len(seatFamilies), 3, "the seats spread over families")
	arb := d.Panel[5]
	assert.Equal(t, "Arbiter (external, no seat)", arb.Role)
	assert.False(t, seatFamilies[arb.Family], "the arbiter's family %s plays no seat", arb.Family)

	var keys []string
	for _, ph := range d.Phases {
		keys = append(keys, ph.Key)
	}
	assert.Equal(t, []string{"blind", "docket", "cross-1", "closing", "ruling"}, keys)
	// The closing phase hands the publisher war-room's structure and the seats' texts apart:
	// the ballot as a table, each member's heading, then what the member wrote, to be quoted.
	closing := d.Phases[3].Parts
	require.Len(t, closing, 1+2*4)
	assert.Equal(t, decision.PartTable, closing[0].Kind)
	assert.Equal(t, []string{"Member", "Vote"}, closing[0].Table.Columns)
	for i := 1; i < len(closing); i += 2 {
		assert.Equal(t, decision.PartHeading, closing[i].Kind)
		assert.Regexp(t, `^Member [A-D] \(.+ · .+\)$`, closing[i].Text)
		assert.Equal(t, decision.PartQuote, closing[i+1].Kind)
	}
	assert.Len(t, d.Alternatives, 2)
	assert.True(t, d.Alternatives[0].Selected)
	assert.Equal(t, "1 vote", d.Alternatives[1].Score.String())
	require.Len(t, d.Sections, 2)
	ballot := d.Sections[0]
	assert.Equal(t, "ballot", ballot.Key)
	assert.Equal(t, []string{"Member", "Vote"}, ballot.Table.Columns)
	require.Len(t, ballot.Table.Rows, 4, "one row per seat")
	assert.Regexp(t, `^Member [A-D] \(.+ · .+\)$`, ballot.Table.Rows[0][0], "attributed once the record is unsealed")
	assert.Contains(t, ballot.Text, "4 ballot(s) from 4 seat(s)")
	assert.Empty(t, d.Class, "the standing team has no classification")
	require.NotEmpty(t, d.Usage)

	stored, err := st.GetArtifact(ctx, d.SessionID, decisionArtifact)
	require.NoError(t, err)
	var back decision.Decision
	require.NoError(t, json.Unmarshal(stored, &back))
	assert.Equal(t, d.MerkleRoot, back.MerkleRoot)
	assert.Equal(t, d.Dissent, back.Dissent)

	dag, err := engine.LoadDAG(ctx, st, d.SessionID)
	require.NoError(t, err)
	assert.True(t, record.VerifyDAG(dag).OK())
	assert.False(t, dag.Sealed)
	assert.Len(t, dag.Nodes, 4+1+4+4+1)
	rep, err := verify.Session(ctx, st, d.SessionID)
	require.NoError(t, err)
	assert.True(t, rep.OK() && rep.Sealed, "%+v", rep.Problems)
	assert.Equal(t, d.MerkleRoot, rep.Root, "the decision carries the sealed record's root")
	s, err := st.GetSession(ctx, d.SessionID)
	require.NoError(t, err)
	assert.Equal(t, engine.StatusCompleted, s.Status)
	assert.True(t, strings.HasPrefix(d.Markdown(), "# [Council] "))
}
