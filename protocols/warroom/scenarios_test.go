package warroom

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/internal/provider/script"
)

// override puts responses ahead of the council's, so they win.
func override(sc script.Script, rs ...script.Response) script.Script {
	sc.Responses = append(rs, sc.Responses...)
	return sc
}

func hasNote(d *decision.Decision, substr string) bool {
	return slices.ContainsFunc(d.Notes, func(n string) bool { return strings.Contains(n, substr) })
}

func TestExpressGoesStraightToSynthesis(t *testing.T) {
	st := openStore(t, "")
	d, p, err := deliberate(t, st, council(scoresExpress, "", 0), options(ModeAuto))
	require.NoError(t, err)
	assert.Equal(t, "type 2", d.Class)
	assert.Equal(t, []string{"type-2"}, d.Labels)
	assert.Equal(t, "**RS 0.24 · type 2 · mode express**", d.Sections[0].Text)
	assert.Equal(t, 4, p.Calls(), "score (with the scout's report beside it, unused on this path), recommendation, ratification")
	assert.Equal(t, 1, p.CallsFor(scout), "the scout reported beside phase 0: a speculative call, in the ledger")
	assert.Empty(t, d.Alternatives)
	assert.Equal(t, []string{"express", "synthesis"}, phaseKeys(d))
	assert.Len(t, d.Panel, 2)
	assert.True(t, record.VerifyDAG(mustDAG(t, st, d)).OK())
}

// A forced express mode on a decision scored hard to undo is honoured, but never described
// to the models or the reader as easy to undo; the record says the score asked for more, and
// whether the decider ratified or overrode.
func TestForcedExpressOnAHardDecisionSaysSo(t *testing.T) {
	d, p, err := deliberate(t, openStore(t, ""), council(scoresFull, "", 0), options(ModeExpress))
	require.NoError(t, err)
	assert.Equal(t, "**RS 0.72 · type 1A · mode express** (the score recommends full)", d.Sections[0].Text)
	assert.Equal(t, "no", d.Metrics["mode_match"])
	assert.True(t, hasNote(d, "Express mode was requested although RS 0.72 (type 1A) recommends the full mode"), d.Notes)
	assert.True(t, hasNote(d, "ratified the Chief Strategist's express recommendation"), d.Notes)
	for _, r := range p.Requests()[1:] { // a forced express mode asks no intelligence beside phase 0
		assert.NotContains(t, r.User, "scored as easy to undo", r.Role)
		assert.Contains(t, r.User, "Express mode was requested although the decision scored RS 0.72 (type 1A)", r.Role)
	}

	over := override(council(scoresExpress, "", 0), script.Response{Role: SupremeCommander, Match: "Express synthesis",
		Text: strings.Replace(synthesisText("ratify"), "SELECTED: ratify", "SELECTED: override", 1)})
	d, p, err = deliberate(t, openStore(t, ""), over, options(ModeAuto))
	require.NoError(t, err)
	assert.True(t, hasNote(d, "overrode the Chief Strategist's express recommendation"), d.Notes)
	assert.False(t, hasNote(d, "Express mode was requested"), d.Notes)
	assert.Contains(t, requestFor(t, p, chiefStrategist, 1).User, "The decision scored as easy to undo (RS 0.24, type 2)")
}

func TestExpressPlanReviewSeatsTheAdditionsChallenger(t *testing.T) {
	opts := options(ModeAuto)
	opts.PlanReview = true
	d, p, err := deliberate(t, openStore(t, ""), council(scoresExpress, "", 0), opts)
	require.NoError(t, err)
	assert.Equal(t, 1, p.CallsFor(prosecutionCounsel))
	assert.Len(t, d.Panel, 3)
}

func TestLightweightPanel(t *testing.T) {
	d, p, err := deliberate(t, openStore(t, ""), council(scoresLightweight, "", 0), options(ModeAuto))
	require.NoError(t, err)
	assert.Equal(t, "type 1B", d.Class)
	assert.Equal(t, "lightweight", d.Metrics["mode"])
	assert.Len(t, d.Alternatives, 3, "strategist 2, counsel 1")
	// score, scout, assessment, 2 authors, escalation, 2 challengers, 4 voters, 4 premortems, synthesis
	assert.Equal(t, 17, p.Calls())
	assert.Zero(t, p.CallsFor(intelOfficer))
	assert.Equal(t, 4, p.CallsFor(prosecutionCounsel), "counsel drafts, challenges, votes and writes a premortem")
}

func TestForcedLighterModeEscalatesAutomaticallyByScore(t *testing.T) {
	st := openStore(t, "")
	d, p, err := deliberate(t, st, council(scoresFull, "", 0), options(ModeLightweight))
	require.NoError(t, err)
	assert.Equal(t, "full", d.Metrics["mode"])
	assert.Equal(t, "yes", d.Metrics["escalated"])
	assert.True(t, hasNote(d, "RS 0.72 is above the lightweight ceiling 0.60"), d.Notes)
	assert.Len(t, d.Alternatives, 5, "the escalation's authors added two")
	assert.Equal(t, 3, p.CallsFor(intelOfficer), "the escalation's intelligence report, a ballot and a premortem")
	assert.Equal(t, 3, p.CallsFor(fieldTactician), "the escalation's COA, a ballot and a premortem")
	assert.True(t, record.VerifyDAG(mustDAG(t, st, d)).OK())
}

func TestManualEscalationAndDeescalation(t *testing.T) {
	up := override(council(scoresLightweight, "", 0), script.Response{Role: SupremeCommander, Match: "Escalation check",
		Text: "ESCALATE: yes\nTRIGGERS: 2, 4\nDEESCALATE: no\nNOTE: the options disagree deeply"})
	d, _, err := deliberate(t, openStore(t, ""), up, options(ModeAuto))
	require.NoError(t, err)
	assert.Equal(t, "full", d.Metrics["mode"])
	assert.Equal(t, "no", d.Metrics["mode_match"])
	assert.True(t, hasNote(d, "precedent-setting decision"), d.Notes)
	assert.Contains(t, phaseKeys(d), "red-team")

	down := override(council(scoresFull, "", 0), script.Response{Role: SupremeCommander, Match: "Escalation check",
		Text: "ESCALATE: no\nTRIGGERS: none\nDEESCALATE: yes\nNOTE: a feature flag makes this trivially reversible"})
	d, p, err := deliberate(t, openStore(t, ""), down, options(ModeAuto))
	require.NoError(t, err)
	assert.Equal(t, "yes", d.Metrics["deescalated"])
	assert.True(t, hasNote(d, "false irreversibility): a feature flag makes this trivially reversible"), d.Notes)
	assert.Equal(t, 1, p.CallsFor(redTeam), "its challenge ran beside the escalation check and was discarded: no vote or premortem")
	assert.NotContains(t, phaseKeys(d), "red-team", "a discarded challenge is not part of the record")
	assert.Len(t, d.Alternatives, 5)
}

// An escalation that grows the panel has the strategist score reversibility again with the new
// intelligence and courses of action, and routes once more: a re-score past the full-council
// ceiling runs Delphi rounds; one that stays (or drops) leaves the escalated mode alone.
func TestEscalationReScoresAndRoutesAgain(t *testing.T) {
	escalate := script.Response{Role: SupremeCommander, Match: "Escalation check",
		Text: "ESCALATE: yes\nTRIGGERS: 3\nDEESCALATE: no\nNOTE: new ground"}
	harder := override(council(scoresLightweight, "", 0), escalate,
		script.Response{Role: chiefStrategist, Match: "Re-score after the escalation", Text: scoresDelphi})
	st := openStore(t, "")
	d, p, err := deliberate(t, st, harder, options(ModeAuto))
	require.NoError(t, err)
	assert.Equal(t, "delphi", d.Metrics["mode"])
	assert.Equal(t, "0.48", d.Metrics["rs"])
	assert.Equal(t, "0.88", d.Metrics["rs_rescored"])
	assert.Equal(t, "type 1A+", d.Class, "the decision stands on the later score")
	assert.True(t, hasNote(d, "RS 0.88 (was 0.48), type 1A+, above the full ceiling 0.80, so the deliberation routes again to delphi"), d.Notes)
	require.GreaterOrEqual(t, len(d.Sections), 2)
	assert.Equal(t, "Reversibility, re-scored after the escalation", d.Sections[1].Title)
	assert.Contains(t, d.Sections[1].Text, "RS 0.88 · type 1A+")
	assert.NotEmpty(t, d.Metrics["delphi_rounds"])

	var rescore []string
	for _, r := range p.Requests() {
		if strings.Contains(r.User, "Re-score after the escalation") {
			rescore = append(rescore, r.Role)
			assert.Contains(t, r.User, "first reversibility assessment")
			assert.Contains(t, r.User, "intelligence report Response B", "the escalated intelligence is read")
			assert.Contains(t, r.User, "course of action Response E", "the escalated courses of action are read")
		}
	}
	assert.Equal(t, []string{chiefStrategist}, rescore, "one re-score, by the strategist")
	dag := mustDAG(t, st, d)
	assert.True(t, record.VerifyDAG(dag).OK())
	versions := 0
	for _, n := range dag.Nodes {
		if n.Phase == "reversibility" {
			versions++
		}
	}
	assert.Equal(t, 2, versions, "the re-score is a second version of the assessment")

	same := override(council(scoresLightweight, "", 0), escalate)
	d, _, err = deliberate(t, openStore(t, ""), same, options(ModeAuto))
	require.NoError(t, err)
	assert.Equal(t, "full", d.Metrics["mode"])
	assert.Equal(t, "type 1B", d.Class)
	assert.True(t, hasNote(d, "RS 0.48 (was 0.48), type 1B; the deliberation stays the full council"), d.Notes)

	broken := override(council(scoresLightweight, "", 0), escalate,
		script.Response{Role: chiefStrategist, Match: "Re-score after the escalation", Error: "refused"})
	d, _, err = deliberate(t, openStore(t, ""), broken, options(ModeAuto))
	require.NoError(t, err, "a failed re-score is a gap, not a failed session")
	assert.Equal(t, "full", d.Metrics["mode"])
	assert.Empty(t, d.Metrics["rs_rescored"])
	assert.True(t, hasNote(d, "produced nothing"), d.Notes)
}

func TestDelphiRevisesUntilTheRoundLimit(t *testing.T) {
	opts := options(ModeAuto)
	opts.DelphiMaxRounds = 3
	st := openStore(t, "")
	d, _, err := deliberate(t, st, council(scoresDelphi, "", 0), opts)
	require.NoError(t, err)
	assert.Equal(t, "type 1A+", d.Class)
	assert.Equal(t, []string{"type-1a-plus"}, d.Labels)
	assert.Equal(t, "3", d.Metrics["delphi_rounds"])
	assert.Len(t, strings.Split(d.Metrics["delphi_convergence"], " → "), 3)
	assert.True(t, hasNote(d, "stopped at the round limit"), d.Notes)

	// Every COA has three versions, each revising the one before.
	dag := mustDAG(t, st, d)
	assert.True(t, record.VerifyDAG(dag).OK())
	parents := map[string]string{}
	for _, n := range dag.Nodes {
		if n.Phase == "coa" && n.Parent != "" {
			parents[n.ID] = n.Parent
		}
	}
	assert.Len(t, parents, 10, "five COAs revised twice")
	assert.Len(t, record.Leaves(dag.Nodes), len(dag.Nodes)-10)
	for _, a := range d.Alternatives {
		assert.Contains(t, a.Title, "revised "+a.Label)
	}
}

func TestDelphiStopsOnceConverged(t *testing.T) {
	// Round 1 echoes each voter's own random order; once revised, everyone agrees.
	votes := `{{if match "revised Response" .User}}RANKING: A > B > C > D > E{{else}}RANKING: {{match "using each of the letters ([A-Z, ]+) exactly once" .User}}{{end}}`
	d, _, err := deliberate(t, openStore(t, ""), council(scoresDelphi, votes, 0), options(ModeDelphi))
	require.NoError(t, err)
	assert.Equal(t, "2", d.Metrics["delphi_rounds"])
	assert.True(t, strings.HasSuffix(d.Metrics["delphi_convergence"], "→ 1.00"), d.Metrics["delphi_convergence"])
	assert.True(t, hasNote(d, "Delphi converged after 2 round(s)"), d.Notes)
}

func TestATimedOutExpertBecomesANamedGap(t *testing.T) {
	slow := override(council(scoresFull, "", 0), script.Response{Role: logisticsOfficer, Match: "Phase 3, courses",
		Text: "never seen", Latency: time.Minute})
	opts := options(ModeAuto)
	opts.ExpertTimeout = 2 * time.Second // the other experts answer at once; a loaded machine may hold them up a while
	st := openStore(t, "")
	d, _, err := deliberate(t, st, slow, opts)
	require.NoError(t, err, "the session completes")
	entries, err := st.Ledger(context.Background(), d.SessionID)
	require.NoError(t, err)
	named := false
	for _, e := range entries {
		named = named || e.ErrorClass == ledger.ClassTimeout && strings.Contains(e.ErrorText, "protocols.war_room.timeouts.expert sets; raise it there")
	}
	assert.True(t, named, "the cut call names the key that raises its limit")
	const gap = "Logistics Officer in Phase 3: courses of action (failure: timeout)"
	assert.Contains(t, d.Rationale, gap, "the synthesis was told of the gap and named it")
	assert.True(t, hasNote(d, "Logistics Officer in Phase 3: courses of action produced nothing (timeout)"), d.Notes)
	assert.Equal(t, "1", d.Metrics["expert_failures"])
	assert.Len(t, d.Alternatives, 4)
	for _, m := range d.Panel {
		if m.Role == "Logistics Officer" {
			assert.Equal(t, "timeout in Phase 3: courses of action", m.Failed)
		} else {
			assert.Empty(t, m.Failed, m.Role)
		}
	}
}

func TestSupremeCommanderFailureFailsTheSession(t *testing.T) {
	st := openStore(t, "")
	sc := override(council(scoresFull, "", 0), script.Response{Role: SupremeCommander, Match: "Phase 7", Error: "refused"})
	d, _, err := deliberate(t, st, sc, options(ModeAuto))
	require.Error(t, err)
	assert.Nil(t, d)
	assert.ErrorContains(t, err, "Phase 7: synthesis produced no answer")
	s, err := st.GetSession(context.Background(), "wr-test0000000000001")
	require.NoError(t, err)
	assert.Equal(t, engine.StatusFailed, s.Status)
}

func TestMalformedScoresAreAContractFailureNeverAGuess(t *testing.T) {
	st := openStore(t, "")
	sc := override(council(scoresFull, "", 0), script.Response{Role: chiefStrategist, Match: `Phase 0\.`,
		Text: "REVERSAL_COST: high - it is big\nTIME_LOCK_IN: 3 - weeks"})
	_, p, err := deliberate(t, st, sc, options(ModeAuto))
	require.ErrorContains(t, err, "Phase 0: reversibility assessment produced no answer")
	assert.Equal(t, 3, p.Calls(), "one retry with the reason, then stop; the scout reported beside it")
	assert.Equal(t, 2, p.CallsFor(chiefStrategist))
	entries, err := st.Ledger(context.Background(), "wr-test0000000000001")
	require.NoError(t, err)
	for _, e := range entries {
		if e.Role == chiefStrategist {
			assert.Equal(t, ledger.OutcomeContractFailed, e.Outcome)
		}
	}
}

func TestDeferredItemsAreStoredAndListed(t *testing.T) {
	st := openStore(t, "")
	d, _, err := deliberate(t, st, council(scoresFull, "", 0), options(ModeAuto))
	require.NoError(t, err)
	var want []decision.DeferredItem
	for _, a := range d.Alternatives {
		if !a.Selected && a.Score.Value >= 1 {
			want = append(want, decision.DeferredItem{Title: "COA: " + a.Title})
		}
	}
	require.NotEmpty(t, want)
	got, err := ListDeferred(context.Background(), st)
	require.NoError(t, err)
	require.Equal(t, d.Deferred, got)
	require.Len(t, got, len(want)+1, "rejected COAs with points, and the one dissent about future work")
	for i, w := range want {
		assert.Equal(t, w.Title, got[i].Title)
		assert.Equal(t, d.SessionID, got[i].SessionID)
	}
	assert.Contains(t, got[0].Rationale+got[1].Rationale+got[2].Rationale+got[3].Rationale, "too slow to roll out")
	last := got[len(got)-1]
	assert.Equal(t, "war-room: dissenting view", last.Source)
	assert.Contains(t, last.Rationale, "should revisit sharding")
}

// requestFor is the n-th request (from 0) the script received for role.
func requestFor(t *testing.T, p *script.Provider, role string, n int) provider.Request {
	t.Helper()
	for _, r := range p.Requests() {
		if r.Role == role {
			if n == 0 {
				return r
			}
			n--
		}
	}
	t.Fatalf("no request %d for %s", n, role)
	return provider.Request{}
}

func phaseKeys(d *decision.Decision) []string {
	var keys []string
	for _, p := range d.Phases {
		keys = append(keys, p.Key)
	}
	return keys
}

// A failed synthesis is not memoised: resuming asks the decider again and reuses every
// other phase.
func TestAFailedSynthesisIsRetriedOnResume(t *testing.T) {
	ctx := context.Background()
	st := openStore(t, "")
	broken := override(council(scoresFull, "", 0), script.Response{Role: SupremeCommander, Match: "Phase 7", Error: "transport"})
	_, _, err := deliberate(t, st, broken, options(ModeAuto))
	require.Error(t, err)
	before, err := st.Ledger(ctx, "wr-test0000000000001")
	require.NoError(t, err)

	p := script.New(council(scoresFull, "", 0))
	r, err := engine.Resume(ctx, engine.RunConfig{Store: st, Profiles: profiles(p), Sleep: noWait}, "wr-test0000000000001")
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
	assert.Equal(t, 1, p.Calls(), "only the synthesis is asked again")
	assert.Equal(t, SupremeCommander, p.Requests()[0].Role)
	assert.Len(t, d.Alternatives, 5)
	after, err := st.Ledger(ctx, d.SessionID)
	require.NoError(t, err)
	assert.Len(t, after, len(before)+1)
}

func TestAutomaticAndManualEscalationTogether(t *testing.T) {
	sc := override(council(scoresFull, "", 0), script.Response{Role: SupremeCommander, Match: "Escalation check",
		Text: "ESCALATE: yes\nTRIGGERS: 3\nDEESCALATE: no\nNOTE: new ground"})
	d, _, err := deliberate(t, openStore(t, ""), sc, options(ModeLightweight))
	require.NoError(t, err)
	assert.Equal(t, "full", d.Metrics["mode"])
	assert.True(t, hasNote(d, "escalates to full automatically. The decider also asked for it: novel problem domain"), d.Notes)
	assert.False(t, hasNote(d, "already a full council"), d.Notes)
}

func TestAPhaseWhereNobodyAnswersFailsTheSession(t *testing.T) {
	sc := override(council(scoresFull, "", 0), script.Response{Match: "Phase 1, intelligence", Error: "refused"})
	_, _, err := deliberate(t, openStore(t, ""), sc, options(ModeAuto))
	assert.ErrorContains(t, err, "Phase 1: intelligence produced no answer")
}

// A per-mode token cap applies once the session is routed to that mode (not before, and not
// another mode's), stops the session naming its key with nothing sent past it, and a resume
// under a raised cap continues without asking an answered call again.
func TestPerModeBudgetAppliesOnceRouted(t *testing.T) {
	sec := NewSection()
	sec.Budgets.Lightweight = 1
	caps := func(s *Section) map[string]map[string]settings.StageBudget {
		return map[string]map[string]settings.StageBudget{Protocol: s.StageBudgets()}
	}
	ctx := context.Background()
	run := func(st engine.Store, sc script.Script, stages map[string]map[string]settings.StageBudget, resume bool) (*decision.Decision, *script.Provider, error) {
		p := script.New(sc)
		rc := engine.RunConfig{Store: st, Profiles: profiles(p), Sleep: noWait, Stages: stages}
		var r *engine.Run
		var err error
		if resume {
			r, err = engine.Resume(ctx, rc, "wr-test0000000000001")
		} else {
			r, err = engine.Start(ctx, rc, session(t, options(ModeAuto), "wr-test0000000000001"))
		}
		require.NoError(t, err)
		d, err := execute(ctx, r)
		return d, p, r.Finish(ctx, err)
	}

	// The lightweight cap does not touch a session the score routes to the full council.
	d, _, err := run(openStore(t, ""), council(scoresFull, "", 0), caps(sec), false)
	require.NoError(t, err)
	assert.Equal(t, "full", d.Metrics["mode"])

	// Routed to lightweight, the next call is refused: only phase 0 was sent, and the scout's
	// report beside it if it started before phase 0's score routed the session (its cap
	// refuses it otherwise, recorded in the ledger).
	st := openStore(t, "")
	_, p, err := run(st, council(scoresLightweight, "", 0), caps(sec), false)
	require.Error(t, err)
	assert.ErrorContains(t, err, "budget ceiling passed: this session has used")
	assert.ErrorContains(t, err, "(protocols.war_room.budgets.lightweight); nothing was sent")
	assert.Equal(t, 1, p.CallsFor(chiefStrategist))
	assert.LessOrEqual(t, p.Calls(), 2)

	// Raised, the session resumes from where it stopped.
	sec.Budgets.Lightweight = 10_000_000
	d, p, err = run(st, council(scoresLightweight, "", 0), caps(sec), true)
	require.NoError(t, err)
	assert.Equal(t, "lightweight", d.Metrics["mode"])
	for _, r := range p.Requests() {
		assert.NotContains(t, r.User, "Phase 0.", "the answered score is not asked again")
	}
}

// A Delphi deliberation that revised records, per revision round, how ballots moved against
// the group's ranking of the round before.
func TestDelphiRecordsConformity(t *testing.T) {
	opts := options(ModeAuto)
	opts.DelphiMaxRounds = 2
	d, _, err := deliberate(t, openStore(t, ""), council(scoresDelphi, "", 0), opts)
	require.NoError(t, err)
	sec, ok := d.Section("conformity")
	require.True(t, ok, "%+v", d.Sections)
	assert.Equal(t, "Conformity in the Delphi rounds", sec.Title)
	require.Len(t, sec.Table.Rows, 1, "one revision round")
	assert.Equal(t, "2", sec.Table.Rows[0][0])
	assert.Regexp(t, `^\d+ of 7$`, sec.Table.Rows[0][4])
	assert.Regexp(t, `^\d+/7$`, d.Metrics["delphi_moves_toward_group"])

	d, _, err = deliberate(t, openStore(t, ""), council(scoresFull, "", 0), options(ModeAuto))
	require.NoError(t, err)
	_, ok = d.Section("conformity")
	assert.False(t, ok, "a single vote has no conformity to measure")
}
