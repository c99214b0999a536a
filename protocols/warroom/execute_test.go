package warroom

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/verify"
)

func TestFullCouncilProducesADecisionRecord(t *testing.T) {
	st := openStore(t, "")
	d, p, err := deliberate(t, st, council(scoresFull, "", 0), options(ModeAuto))
	require.NoError(t, err)

	assert.Equal(t, "war-room", d.Protocol)
	assert.Equal(t, "[War Room] "+question, d.Title)
	assert.Equal(t, "type 1A", d.Class)
	assert.Equal(t, []string{"type-1a"}, d.Labels)
	require.Len(t, d.Sections, 2)
	rev := d.Sections[0]
	assert.Equal(t, "reversibility", rev.Key)
	assert.Equal(t, "**RS 0.72 · type 1A · mode full**", rev.Text)
	require.Len(t, rev.Table.Rows, 5)
	assert.Equal(t, []string{"Reversal Cost", "4/5", "weeks of rework"}, rev.Table.Rows[0])
	// The record sets the forecast made before the first call beside what the ledger recorded;
	// on auto the forecast spans the modes the score may pick.
	est, ok := d.Section(engine.SectionEstimate)
	require.True(t, ok)
	t.Logf("%q", est.Table.Rows)

	// Five COAs: strategist 2, tactician, counsel, logistics 1 each; A selected.
	require.Len(t, d.Alternatives, 5)
	points := 0
	for _, a := range d.Alternatives {
		require.NotNil(t, a.Score, a.Label)
		assert.Equal(t, "Borda points", a.Score.Plural)
		points += a.Score.Value
		assert.Equal(t, a.Label == "Response A", a.Selected, a.Label)
	}
	assert.Equal(t, 7*(4+3+2+1+0), points, "seven voters, each handing out 4+3+2+1+0 Borda points")
	// Each voter's first choice is kept as its position, with its seat and family, and the
	// decider's choice after them.
	require.Len(t, d.Positions, 8)
	assert.Equal(t, "Supreme Commander", d.Positions[7].Seat)
	assert.True(t, d.Positions[7].Chosen)
	seats := map[string]bool{}
	for _, pos := range d.Positions {
		assert.NotEmpty(t, pos.Family, pos.Seat)
		assert.Regexp(t, `^Response [A-E]$`, pos.Option)
		assert.Equal(t, pos.Option == "Response A", pos.Chosen)
		seats[pos.Seat] = true
	}
	assert.Len(t, seats, 8, "one position per voter, and the decider's")

	var keys []string
	for _, ph := range d.Phases {
		keys = append(keys, ph.Key)
	}
	assert.Equal(t, []string{"intel", "assessment", "coa", "red-team", "synthesis"}, keys)
	assert.Contains(t, d.Phases[3].Markdown(), "Voting (Borda count)")
	assert.Contains(t, d.Phases[4].Markdown(), "Premortem: failure modes")
	// Challenges, reports and premortems are lettered afresh in every phase: the published
	// record names their kind and author so that "Response A" there is not read as COA A.
	assert.Regexp(t, `(?m)^#### Challenge report Response A — (Red Team Commander|Prosecution Counsel) · `, d.Phases[3].Markdown())
	assert.Regexp(t, `(?m)^#### Intelligence report Response B — (Scout|Intelligence Officer) · `, d.Phases[0].Markdown())
	assert.Regexp(t, `(?m)^- [A-Z][a-z]+( [A-Z][a-z]+)* · [a-z]+-model \(premortem Response A\): `, d.Phases[4].Markdown())
	for _, ph := range d.Phases {
		assert.NotRegexp(t, `(?m)^#### Response [A-Z]+ \(`, ph.Markdown(), ph.Key)
	}

	assert.Len(t, d.Panel, 8, "every seat sat")
	for _, m := range d.Panel {
		assert.NotEmpty(t, m.Model)
		assert.Empty(t, m.Failed)
	}
	assert.Equal(t, []string{"p99 latency over 200 ms", "cost over budget"}, d.WhatWouldChangeMind)
	assert.Len(t, d.Dissent, 2)
	assert.Equal(t, "yes", d.Metrics["mode_match"])
	assert.Equal(t, "0", d.Metrics["expert_failures"])
	assert.NotEmpty(t, d.Metrics["tokens.scout"])
	assert.NotEmpty(t, d.Usage)

	// One call per seat per phase: 1+2+1+4+1+2+7+7+1.
	assert.Equal(t, 26, p.Calls())
	assert.Equal(t, 2, p.CallsFor(SupremeCommander), "escalation check and synthesis")

	// The DAG is stored and verifies; the sealed record commits to it, and its root is the
	// decision's.
	dag, err := engine.LoadDAG(context.Background(), st, d.SessionID)
	require.NoError(t, err)
	assert.True(t, record.VerifyDAG(dag).OK())
	assert.False(t, dag.Sealed, "unsealed for the synthesis")
	rep, err := verify.Session(context.Background(), st, d.SessionID)
	require.NoError(t, err)
	assert.True(t, rep.OK() && rep.Sealed, "%+v", rep.Problems)
	assert.Equal(t, d.MerkleRoot, rep.Root)
	assert.Equal(t, decision.Conforming, d.Independence, "five families answered")

	// The decision is stored as an artifact.
	b, err := st.GetArtifact(context.Background(), d.SessionID, decisionArtifact)
	require.NoError(t, err)
	var stored decision.Decision
	require.NoError(t, json.Unmarshal(b, &stored))
	assert.Equal(t, d.MerkleRoot, stored.MerkleRoot)
}

// The real prompts of a whole session, as the provider received them: nothing before the
// synthesis names a seat, profile, provider, model or family, and the synthesis does.
func TestNoIdentityInAnySessionPromptBeforeSynthesis(t *testing.T) {
	_, p, err := deliberate(t, openStore(t, ""), council(scoresFull, "", 0), options(ModeAuto))
	require.NoError(t, err)
	var ids []string
	for _, r := range allRoles() {
		ids = append(ids, r.Title, r.Key)
	}
	for name, prof := range profiles(nil) {
		ids = append(ids, name, prof.Model, prof.Family, prof.Type)
	}
	reqs := p.Requests()
	require.Len(t, reqs, 26)
	for _, r := range reqs[:len(reqs)-1] {
		prompt := strings.ToLower(r.System + "\n" + r.User)
		for _, id := range ids {
			assert.NotContains(t, prompt, strings.ToLower(id), "%s prompt", r.Role)
		}
	}
	// Each voter saw the five options in its own order.
	orders := map[string]bool{}
	fence := regexp.MustCompile(`BEGIN course of action (Response [A-Z]+)`)
	for _, r := range reqs {
		if strings.Contains(r.User, "Phase 5, vote") {
			var order []string
			for _, m := range fence.FindAllStringSubmatch(r.User, -1) {
				order = append(order, m[1])
			}
			require.Len(t, order, 5)
			orders[strings.Join(order, ",")] = true
			_, err := parseRanking(r.User, order)
			assert.Error(t, err, "the vote prompt must not carry a filled-in ranking a voter could copy")
		}
	}
	assert.Len(t, orders, 7, "seven voters, seven distinct orders")
	last := reqs[len(reqs)-1]
	require.Contains(t, last.User, "Phase 7, synthesis")
	assert.Contains(t, last.User, "Field Tactician")
	assert.Contains(t, last.User, "glm-model")
	// The decider weighs the ballots themselves, reasons and all, not only the Borda totals.
	assert.Equal(t, 7, strings.Count(last.User, "BEGIN ballot of the "), "one fenced ballot per voter")
	assert.Contains(t, last.User, "ballot of the Field Tactician, round 1")
}
