package warroom

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/provider/script"
)

// panelText is text only the panel's calls write in the scripted council: a ballot that saw
// any of it saw the deliberation.
var panelText = []string{"billing queue handles 2k", "Refined problem", "weak spot", "Reasoning here.",
	"it fell over", "cheapest to undo", "ESCALATE", "Cross-cutting concerns", "Dissenting views"}

// withBallots is the scripted council whose ballots all choose the course of action titled
// title, wherever their own order puts it.
func withBallots(sc script.Script, title string) script.Script {
	ballot := script.Response{Role: engine.BaselineRole,
		Text: "**Choice:** Option {{match `Option ([0-9]+): " + title + "` .User}}\n\nIt is the one we can undo."}
	sc.Responses = append([]script.Response{ballot}, sc.Responses...)
	return sc
}

func TestBaselineVoteBesideTheDecision(t *testing.T) {
	st := openStore(t, "")
	opts := options(ModeLightweight)
	opts.Baseline = engine.Baseline{Calls: 5}
	d, p, err := deliberate(t, st, withBallots(council(scoresLightweight, "", 0), "strategist option 2"), opts)
	require.NoError(t, err)
	ctx := context.Background()

	// K extra calls in the ledger, each on its own step of the baseline phase.
	entries, err := st.Ledger(ctx, d.SessionID)
	require.NoError(t, err)
	var ballots []ledger.Entry
	for _, e := range entries {
		if e.Role == engine.BaselineRole {
			ballots = append(ballots, e)
		}
	}
	require.Len(t, ballots, 5, "one request per ballot")
	families := map[string]bool{}
	for _, e := range ballots {
		assert.True(t, strings.HasPrefix(e.Step, "baseline/"), e.Step)
		families[profiles(nil)[e.Profile].Family] = true
	}
	assert.Len(t, families, 5, "five ballots over five families: one each")

	// None of them saw any panel text; each saw the question and every final option, in an
	// order of its own.
	orders := map[string]bool{}
	var seen int
	for _, r := range p.Requests() {
		if r.Role != engine.BaselineRole {
			continue
		}
		seen++
		for _, s := range panelText {
			assert.NotContains(t, r.User, s, "a ballot saw the deliberation")
		}
		assert.Contains(t, r.User, question)
		var order []string
		for _, a := range d.Alternatives {
			i := strings.Index(r.User, a.Title)
			require.GreaterOrEqual(t, i, 0, "option %s missing from a ballot", a.Title)
			assert.NotContains(t, r.User, a.Label+":", "a ballot saw the panel's label of an option")
			order = append(order, r.User[i-3:i])
		}
		orders[strings.Join(order, "")] = true
	}
	assert.Equal(t, 5, seen)
	assert.Greater(t, len(orders), 1, "every ballot showed the options in the same order")

	// The vote as the record and the card state it.
	v := d.Baseline
	require.NotNil(t, v)
	var logistics, panel string
	for _, a := range d.Alternatives {
		if a.Title == "strategist option 2" {
			logistics = a.Label
		}
		if a.Selected {
			panel = a.Label
		}
	}
	require.NotEmpty(t, logistics)
	assert.Equal(t, []string{logistics}, v.Leaders)
	assert.Equal(t, 5, v.Votes)
	assert.Equal(t, panel, v.Panel)
	assert.Positive(t, v.Tokens)
	assert.Greater(t, v.Deliberation, v.Tokens, "five ballots spend less than a lightweight panel")
	for _, b := range v.Ballots {
		assert.Equal(t, logistics, b.Choice)
		assert.Equal(t, "It is the one we can undo.", b.Reason)
	}
	sec, ok := d.Section(decision.SectionBaseline)
	require.True(t, ok)
	require.NotNil(t, sec.Table)
	assert.Len(t, sec.Table.Rows, 5)
	var line string
	for _, f := range discussions.CardFacts(d) {
		if f.Label == "Baseline" {
			line = f.Text
		}
	}
	want := "5 of 5 plain votes chose " + logistics + ": strategist option 2; the panel chose " + panel
	if panel == logistics {
		want = "5 of 5 plain votes agreed"
	}
	assert.Equal(t, want, line)
	assert.Contains(t, sec.Text, "a plain vote of 5 independent answers")

	// The ballots are sealed: the record verifies, and a ballot changed afterwards does not.
	rep, err := verify.Session(ctx, st, d.SessionID)
	require.NoError(t, err)
	assert.True(t, rep.OK(), "%+v", rep.Problems)
	dag := mustDAG(t, st, d)
	changed := false
	for i, n := range dag.Nodes {
		if n.Phase == "baseline" {
			dag.Nodes[i].Content = "Choice: Option 1"
			changed = true
			break
		}
	}
	require.True(t, changed, "no ballot in the DAG")
	require.NoError(t, engine.SaveDAG(ctx, st, dag))
	rep, err = verify.Session(ctx, st, d.SessionID)
	require.NoError(t, err)
	assert.False(t, rep.OK(), "a changed ballot verified")
}

// A session interrupted while its ballots are out resumes asking only the ballots it has no
// answer for: the same K, the answered ballot kept.
func TestBaselineResumesWithoutAskingAgain(t *testing.T) {
	st := openStore(t, "")
	opts := options(ModeLightweight)
	opts.Baseline = engine.Baseline{Calls: 3}
	sc := withBallots(council(scoresLightweight, "", 0), "strategist option 2")
	// On the first run the first ballot answers at once and the others never do.
	first, slow := 0, script.Response{Role: engine.BaselineRole, Text: "Choice: Option 1", Latency: time.Hour}
	run1 := sc
	run1.Responses = append([]script.Response{{Role: engine.BaselineRole, Index: &first, Text: sc.Responses[0].Text}, slow}, sc.Responses[1:]...)
	p1 := script.New(run1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	answered := make(chan string, 3)
	sink := sinkFunc(func(e events.Event) {
		if e.Kind == events.CallFinished && e.Role == engine.BaselineRole && e.Outcome == ledger.OutcomeOK {
			answered <- e.Step
		}
	})
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: profiles(p1), Sleep: noWait, Sinks: []events.Sink{sink}},
		session(t, opts, "wr-test0000000000001"))
	require.NoError(t, err)
	done := make(chan error, 1)
	go func() {
		_, err := execute(ctx, r)
		done <- r.Finish(context.Background(), err)
	}()
	step := <-answered
	for { // the answer is stored right after its call ends
		steps, err := st.Steps(context.Background(), "wr-test0000000000001")
		require.NoError(t, err)
		if slices.ContainsFunc(steps, func(s engine.StepRecord) bool { return s.Key == step }) {
			break
		}
		runtime.Gosched()
	}
	cancel()
	require.Error(t, <-done)

	p2 := script.New(sc)
	r, err = engine.Resume(context.Background(), engine.RunConfig{Store: st, Profiles: profiles(p2), Sleep: noWait}, "wr-test0000000000001")
	require.NoError(t, err)
	d, err := execute(context.Background(), r)
	require.NoError(t, r.Finish(context.Background(), err))
	require.NotNil(t, d.Baseline)
	assert.Equal(t, 3, d.Baseline.Calls)
	assert.Equal(t, 2, p2.CallsFor(engine.BaselineRole), "the resume asked again a ballot that had answered")
	assert.Equal(t, 3, d.Baseline.Cast)
	assert.Zero(t, p2.CallsFor(SupremeCommander), "the resume asked the panel again")
}

type sinkFunc func(events.Event)

func (f sinkFunc) Emit(e events.Event) { f(e) }

// The express path weighs no courses of action: no ballot is asked, the estimate counts none,
// and the record says why no vote was held.
func TestBaselineSkippedOnTheExpressPath(t *testing.T) {
	st := openStore(t, "")
	opts := options(ModeExpress)
	opts.Baseline = engine.Baseline{Calls: 3}
	d, p, err := deliberate(t, st, withBallots(council(scoresExpress, "", 0), "strategist option 2"), opts)
	require.NoError(t, err)
	assert.Zero(t, p.CallsFor(engine.BaselineRole))
	require.NotNil(t, d.Baseline)
	assert.Contains(t, d.Baseline.Skipped, "fewer than two options")
	sec, ok := d.Section(engine.SectionEstimate)
	require.True(t, ok)
	assert.Equal(t, sec.Table.Rows[1][1], sec.Table.Rows[1][2], "estimated calls against actual: %v", sec.Table.Rows)
}
