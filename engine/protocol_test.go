package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/provider/script"
)

// pair is a two-seat protocol: "lead" and "check" each answer once; a failed check is a gap.
// Its rule: the two span two families. It stands for any protocol, since every promise it
// relies on here is the engine's.
type pair struct{ lead, check string }

func (p pair) Plan(_ context.Context, r *engine.Run) (engine.Plan, error) {
	ps := r.Profiles()
	return engine.Plan{Rule: engine.Rule{Spread: []engine.Spread{{Roles: []string{"lead", "check"}, Families: 2}}},
		Seats: []engine.Seat{engine.SeatOf("lead", "lead", ps[p.lead], ""), engine.SeatOf("check", "check", ps[p.check], "")}}, nil
}

func (p pair) Deliberate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Result, error) {
	dag := record.NewDAG(r.Session().ID)
	var answers []string
	for i, s := range [][2]string{{"lead", p.lead}, {"check", p.check}} {
		text, err := engine.Step(ctx, r, s[0], func(ctx context.Context) (string, error) {
			res, err := r.Call(ctx, engine.CallSpec{Role: s[0], Profile: s[1], Task: "answer"})
			var ce *engine.CallError
			if errors.As(err, &ce) {
				return "", nil // a gap, as a panel protocol keeps it
			}
			return res.Text, err
		})
		if err != nil {
			return engine.Result{DAG: dag}, err
		}
		if text != "" {
			answers = append(answers, text)
			if _, err := dag.Add(text, "answers", 1, record.AnonymousLabel(i), record.Attribution{Role: s[0], Profile: s[1]}, "", r.Now()); err != nil {
				return engine.Result{}, err
			}
		}
	}
	return engine.Result{Decision: &decision.Decision{Title: "t", Outcome: strings.Join(answers, "; ")}, DAG: dag}, nil
}

func (p pair) Estimate(_ context.Context, r *engine.Run, _ engine.Plan) (engine.Forecast, error) {
	plan := estimate.Plan{Seats: 2, Phases: []estimate.Phase{
		{Name: "lead", Calls: []estimate.Call{{Role: "lead", Profile: p.lead}}},
		{Name: "check", Calls: []estimate.Call{{Role: "check", Profile: p.check}}}}}
	return estimate.Forecast(plan, r.Profiles(), estimate.Calibration{}).Neutral(nil), nil
}

// ordered records, in order, what reached the person (the disclosure) and what reached a
// model (a request), so a test can tell which came first.
type ordered struct {
	mu  sync.Mutex
	log []string
}

func (o *ordered) add(s string) { o.mu.Lock(); o.log = append(o.log, s); o.mu.Unlock() }

func (o *ordered) Emit(events.Event) {}

func (o *ordered) Disclose(_ context.Context, d engine.Disclosure) error {
	o.add("disclosure: " + d.Text())
	return nil
}

type loggedProvider struct {
	provider.Provider
	o *ordered
}

func (l loggedProvider) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	l.o.add("request " + req.Role)
	return l.Provider.Complete(ctx, req)
}

// threeProfiles are "a" and "b" of family alpha and "c" of family beta; c fails every call
// when failBeta is set.
func threeProfiles(o *ordered, failBeta bool) (engine.Profiles, *script.Provider) {
	sc := script.Script{Default: &script.Response{Text: "answer from {{.Role}}"}}
	if failBeta {
		sc.Responses = []script.Response{{Role: "check", Error: "transport", Text: "connection reset"}}
	}
	p := script.New(sc)
	var prov provider.Provider = p
	if o != nil {
		prov = loggedProvider{p, o}
	}
	return engine.Profiles{
		"a": {Name: "a", Type: "script", Model: "m-a", Family: "alpha", Endpoint: "a.example", Provider: prov},
		"b": {Name: "b", Type: "script", Model: "m-b", Family: "alpha", Endpoint: "b.example", Provider: prov},
		"c": {Name: "c", Type: "script", Model: "m-c", Family: "beta", Endpoint: "c.example", Provider: prov},
	}, p
}

func TestReducedIndependenceStopsBeforeTheFirstCall(t *testing.T) {
	st := openStore(t, "")
	ps, sp := threeProfiles(nil, false)
	r := startRun(t, st, ps, nil)
	_, err := r.Execute(context.Background(), pair{"a", "b"})
	var gate *engine.GateError
	require.True(t, errors.As(err, &gate), "%v", err)
	assert.Equal(t, engine.GateReducedIndependence, gate.Gate.Key)
	assert.Contains(t, gate.Gate.Question, "one family (alpha)")
	assert.Equal(t, 0, sp.Calls(), "nothing is sent before a person approves")

	rc := engine.RunConfig{Store: st, Profiles: ps, Answers: map[string]string{engine.GateReducedIndependence: engine.AnswerDecline}}
	again, err := engine.Resume(context.Background(), rc, r.Session().ID)
	require.NoError(t, err)
	_, err = again.Execute(context.Background(), pair{"a", "b"})
	var stopped *engine.Stopped
	require.True(t, errors.As(err, &stopped), "%v", err)
	assert.True(t, errors.Is(err, engine.ErrStopped))
	assert.Equal(t, 0, sp.Calls())
}

func TestApprovedReducedIndependenceIsRecordedAsSuch(t *testing.T) {
	st := openStore(t, "")
	ps, sp := threeProfiles(nil, false)
	r := startRun(t, st, ps, func(rc *engine.RunConfig) {
		rc.Answers = map[string]string{engine.GateReducedIndependence: engine.AnswerApprove}
	})
	d, err := r.Execute(context.Background(), pair{"a", "b"})
	require.NoError(t, err)
	assert.Equal(t, 2, sp.Calls())
	assert.Equal(t, decision.ReducedIndependence, d.Independence)
	assert.True(t, d.IndependenceApproved)
	assert.Contains(t, strings.SplitN(d.Markdown(), "\n", 4)[2], "reduced-independence (approved by a person before the first call)")
	rep, err := verify.Session(context.Background(), st, d.SessionID)
	require.NoError(t, err)
	assert.True(t, rep.OK() && rep.Sealed, "%+v", rep.Problems)
}

func TestAConformingPlanThatLostAFamilyIsDowngraded(t *testing.T) {
	st := openStore(t, "")
	ps, _ := threeProfiles(nil, true)
	r := startRun(t, st, ps, nil)
	d, err := r.Execute(context.Background(), pair{"a", "c"})
	require.NoError(t, err, "no gate: the plan spans two families")
	assert.Equal(t, "answer from lead", d.Outcome)
	assert.Equal(t, decision.ReducedIndependence, d.Independence, "beta never answered")
	assert.False(t, d.IndependenceApproved, "nobody approved running on one family")
	assert.Contains(t, d.IndependenceReasons[0], "one family (alpha)")

	st2 := openStore(t, "")
	ps2, _ := threeProfiles(nil, false)
	d, err = startRun(t, st2, ps2, nil).Execute(context.Background(), pair{"a", "c"})
	require.NoError(t, err)
	assert.Equal(t, decision.Conforming, d.Independence)
	assert.Empty(t, d.IndependenceLine())
}

func TestTheDisclosureComesBeforeTheFirstRequest(t *testing.T) {
	o := &ordered{}
	ps, _ := threeProfiles(o, false)
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) {
		rc.Sinks = []events.Sink{o}
		rc.Source = engine.Source{Repository: "acme/secret", Private: true}
	})
	_, err := r.Execute(context.Background(), pair{"a", "c"})
	require.NoError(t, err)
	require.Len(t, o.log, 3)
	assert.True(t, strings.HasPrefix(o.log[0], "disclosure: "), "%q", o.log)
	for _, want := range []string{"a: m-a (alpha family) at a.example", "c: m-c (beta family) at c.example",
		"acme/secret is a private repository", "the question will be sent"} {
		assert.Contains(t, o.log[0], want)
	}
	assert.Equal(t, []string{"request lead", "request check"}, o.log[1:])
}

// A disclosure that cannot be shown stops the session before anything is sent.
func TestAFailedDisclosureSpendsNothing(t *testing.T) {
	ps, sp := threeProfiles(nil, false)
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Sinks = []events.Sink{failingDiscloser{}} })
	_, err := r.Execute(context.Background(), pair{"a", "c"})
	require.ErrorContains(t, err, "no model was called")
	assert.Equal(t, 0, sp.Calls())
}

type failingDiscloser struct{}

func (failingDiscloser) Emit(events.Event) {}
func (failingDiscloser) Disclose(context.Context, engine.Disclosure) error {
	return errors.New("the progress comment cannot be edited")
}

// The engine forecasts every session before its first call, keeps the forecast as a step and
// sets it beside the ledger in the record, whatever the protocol.
func TestEveryRecordSetsTheEstimateBesideWhatWasSpent(t *testing.T) {
	st := openStore(t, "")
	ps, sp := threeProfiles(nil, false)
	r := startRun(t, st, ps, nil)
	_, err := r.Execute(context.Background(), pair{"a", "b"})
	var gate *engine.GateError
	require.True(t, errors.As(err, &gate), "%v", err)
	require.Equal(t, 0, sp.Calls())
	steps, err := st.Steps(context.Background(), r.Session().ID)
	require.NoError(t, err)
	var stored engine.Forecast
	for _, s := range steps {
		if s.Key == "engine/estimate" {
			require.NoError(t, json.Unmarshal(s.Result, &stored))
		}
	}
	assert.Equal(t, engine.Count{Low: 2, High: 2}, stored.Calls, "the forecast is stored before anything is spent")
	assert.Greater(t, stored.Minutes.High, 0.0)

	rc := engine.RunConfig{Store: st, Profiles: ps, Answers: map[string]string{engine.GateReducedIndependence: engine.AnswerApprove}}
	again, err := engine.Resume(context.Background(), rc, r.Session().ID)
	require.NoError(t, err)
	d, err := again.Execute(context.Background(), pair{"a", "b"})
	require.NoError(t, err)
	sec, ok := d.Section(engine.SectionEstimate)
	require.True(t, ok, "%+v", d.Sections)
	require.NotNil(t, sec.Table)
	assert.Equal(t, []string{"Seats", "2", "2"}, sec.Table.Rows[0])
	assert.Equal(t, []string{"Calls", "2", "2"}, sec.Table.Rows[1])
	assert.Equal(t, stored.Minutes.Format(1), sec.Table.Rows[2][1], "the resumed session shows the estimate it stored")
	assert.Contains(t, sec.Text, "seed constants only")
	assert.Contains(t, d.Markdown(), "Estimate and actual")
}

// A profile whose model war-room's catalog does not know says so in the disclosure, with the
// known model whose settings it is sent, before any call.
func TestTheDisclosureSaysWhenAModelsSettingsWereInferred(t *testing.T) {
	o := &ordered{}
	ps, _ := threeProfiles(o, false)
	c := ps["c"]
	c.Model, c.SettingsInferred = "claude-opus-9", true
	c.Settings = "claude-opus-9 is not in war-room's model catalog; it is sent what claude-opus-4-8 takes"
	ps["c"] = c
	r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Sinks = []events.Sink{o} })
	_, err := r.Execute(context.Background(), pair{"a", "c"})
	require.NoError(t, err)
	require.NotEmpty(t, o.log)
	assert.Contains(t, o.log[0], "c: claude-opus-9 (beta family) at c.example\n  (claude-opus-9 is not in war-room's model catalog; it is sent what claude-opus-4-8 takes)")
	assert.NotContains(t, o.log[0], "a: m-a (alpha family) at a.example\n  (", "a known model's line says nothing more")
}

// The disclosure states the budget the session runs under, and says "uncapped" when no
// ceiling applies: silence must not read as a cap.
func TestTheDisclosureStatesTheBudget(t *testing.T) {
	for _, c := range []struct {
		budget limits.Budget
		want   string
	}{
		{limits.Budget{}, "Budget: uncapped — no budget.max_tokens or budget.max_usd applies"},
		{limits.Budget{MaxTokens: 200000, MaxUSD: 2.5}, "Budget: at most 200000 tokens (budget.max_tokens) and $2.50 on priced profiles (budget.max_usd)"},
		{limits.Budget{MaxTokens: 5000, TokensBy: "--max-session-tokens"}, "Budget: at most 5000 tokens (--max-session-tokens); no call starts past it."},
	} {
		o := &ordered{}
		ps, _ := threeProfiles(o, false)
		r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Sinks, rc.Budget = []events.Sink{o}, c.budget })
		_, err := r.Execute(context.Background(), pair{"a", "c"})
		require.NoError(t, err)
		assert.Contains(t, o.log[0], c.want)
	}
	// Stage caps of the session's own protocol are listed after the session's budget, each
	// with its key; another protocol's are not.
	stages := map[string]map[string]settings.StageBudget{
		"test":  {"full": {MaxTokens: 8000, By: "x.budgets.full"}, "express": {MaxTokens: 500, By: "x.budgets.express"}},
		"other": {"full": {MaxTokens: 1, By: "y.budgets.full"}},
	}
	for _, c := range []struct {
		budget limits.Budget
		want   string
	}{
		{limits.Budget{}, "Budget: no session-wide cap (budget.max_tokens and budget.max_usd are unset). Once routed, the session's tokens " +
			"are capped by its stage: express 500 tokens (x.budgets.express), full 8000 tokens (x.budgets.full).\n"},
		{limits.Budget{MaxTokens: 5000}, "Budget: at most 5000 tokens (budget.max_tokens); no call starts past it. Once routed"},
	} {
		o := &ordered{}
		ps, _ := threeProfiles(o, false)
		r := startRun(t, openStore(t, ""), ps, func(rc *engine.RunConfig) { rc.Sinks, rc.Budget, rc.Stages = []events.Sink{o}, c.budget, stages })
		_, err := r.Execute(context.Background(), pair{"a", "c"})
		require.NoError(t, err)
		assert.Contains(t, o.log[0], c.want)
	}
}
