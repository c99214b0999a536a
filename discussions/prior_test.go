package discussions

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/store/sqlite"
)

const priorQuestion = "Should the App move its session state from SQLite to PostgreSQL?"

// priorWorld has one earlier decision (#1) on the topic, and a store for real runs.
type priorWorld struct {
	*world
	store engine.Store
	p     *Publisher
}

func newPriorWorld(t *testing.T) *priorWorld {
	w := newEmptyPriorWorld(t)
	w.seedDecision(1, "wr-0000000000000001", "Keep session state in SQLite, not PostgreSQL", "2")
	return w
}

// newEmptyPriorWorld has no earlier decision.
func newEmptyPriorWorld(t *testing.T) *priorWorld {
	w := newWorld(t, worldOpts{withLabels: true})
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return &priorWorld{world: w, store: st, p: w.publisher()}
}

// start begins a session whose gates are answered from answers (none: it pauses).
func (w *priorWorld) start(id string, answers map[string]string) *engine.Run {
	s := &engine.Session{ID: id, Protocol: "war-room", Title: "state store", Seed: 3,
		Inputs: []engine.Input{engine.NewInput("question", priorQuestion)}}
	run, err := engine.Start(context.Background(), engine.RunConfig{Store: w.store, Now: w.clk.Now, Answers: answers}, s)
	if err != nil {
		w.t.Fatal(err)
	}
	return run
}

func (w *priorWorld) check(run *engine.Run, mode PriorMode) (PriorChoice, error) {
	find := func(ctx context.Context) ([]PriorMatch, error) { return w.p.FindPrior(ctx, w.repo, priorQuestion) }
	return checkPriorRun(context.Background(), run, mode, find)
}

func TestPriorCheckReaffirm(t *testing.T) {
	w := newPriorWorld(t)
	run := w.start("wr-00000000000000a1", map[string]string{PriorGateKey: "reaffirm #1"})
	c, err := w.check(run, PriorAsk)
	if err != nil || c.Action != PriorReaffirm || c.Number != 1 || len(c.Matches) != 1 {
		t.Fatalf("choice %+v, %v", c, err)
	}
	d := ReaffirmedDecision(run.Session(), priorQuestion, c, w.clk.Now())
	if len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "Reaffirmed decision #1") || d.Phases != nil {
		t.Errorf("reaffirmed record: %+v", d)
	}
	before := len(w.f.Discussions(testRepo))
	for range 2 { // the second call finds the first comment and writes nothing
		if _, err := w.p.Reaffirm(context.Background(), ReaffirmRequest{Repo: w.repo, Number: 1, SessionID: run.Session().ID, Question: priorQuestion}); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(w.f.Discussions(testRepo)); n != before {
		t.Errorf("reaffirming created a discussion (%d → %d)", before, n)
	}
	old := byNumber(w.f.Discussions(testRepo), 1)
	if got := w.commentParts(old.ID); len(got) != 1 || got[0] != run.Session().ID+"/"+partReaffirmed {
		t.Errorf("comments on #1: %v", got)
	}
	if len(w.f.CallsTo("createDiscussion")) != 0 || len(w.f.CallsTo("addDiscussionComment")) != 1 {
		t.Error("reaffirming must write exactly one comment and nothing else")
	}
	w.assertCleanCalls()
}

func TestPriorCheckProceedSupersedes(t *testing.T) {
	w := newPriorWorld(t)
	run := w.start("wr-00000000000000a2", map[string]string{PriorGateKey: "proceed"})
	c, err := w.check(run, PriorAsk)
	if err != nil || c.Action != PriorSupersede || c.Number != 1 {
		t.Fatalf("choice %+v, %v", c, err)
	}
	// The CLI's publish reads the same answer back from the store.
	stored, err := PriorFromGate(context.Background(), w.store, run.Session().ID)
	if err != nil || stored.Action != PriorSupersede || stored.Number != 1 {
		t.Fatalf("PriorFromGate: %+v, %v", stored, err)
	}
	d := loadDecision(t, "express")
	d.SessionID = run.Session().ID
	res, err := w.p.Publish(context.Background(), Request{Repo: w.repo, Decision: d, Supersedes: stored.Number})
	if err != nil {
		t.Fatal(err)
	}
	ds := w.f.Discussions(testRepo)
	if body := byNumber(ds, res.Number).Body; !strings.Contains(body, "**Supersedes:** #1") {
		t.Error("the new decision does not say what it supersedes")
	}
	old := byNumber(ds, 1)
	comments := w.f.Comments(old.ID)
	if len(comments) != 1 || !strings.Contains(comments[0].Body, "Superseded by #"+fmt.Sprint(res.Number)) {
		t.Fatalf("no forward link on #1: %+v", comments)
	}
	log := ours(ds, "", partDecisionLog)[0].Body
	if !strings.Contains(log, "| #1 | \\[War Room] Keep session state in SQLite, not PostgreSQL | type 2 | 2026-03-03 | superseded by #"+fmt.Sprint(res.Number)+" |") {
		t.Errorf("the log does not show #1 superseded:\n%s", log)
	}
	w.assertCleanCalls()
}

func TestPriorCheckSkip(t *testing.T) {
	w := newPriorWorld(t)
	run := w.start("wr-00000000000000a3", map[string]string{PriorGateKey: "skip"})
	c, err := w.check(run, PriorAsk)
	if err != nil || c.Action != PriorNone || c.Number != 0 {
		t.Fatalf("choice %+v, %v", c, err)
	}
	d := loadDecision(t, "express")
	d.SessionID = run.Session().ID
	res, err := w.p.Publish(context.Background(), Request{Repo: w.repo, Decision: d, Supersedes: c.Number})
	if err != nil {
		t.Fatal(err)
	}
	ds := w.f.Discussions(testRepo)
	if strings.Contains(byNumber(ds, res.Number).Body, "Supersedes") || len(w.f.Comments(byNumber(ds, 1).ID)) != 0 {
		t.Error("skip must not link the decisions")
	}
}

// With nobody to answer, the session pauses at the gate; answered later, the resumed run
// asks about the same matches without searching again.
func TestPriorCheckPausesAndResumes(t *testing.T) {
	w := newPriorWorld(t)
	run := w.start("wr-00000000000000a4", nil)
	_, err := w.check(run, PriorAsk)
	var gate *engine.GateError
	if !errors.As(err, &gate) {
		t.Fatalf("want a gate pause, got %v", err)
	}
	if !strings.Contains(gate.Gate.Excerpt, "#1 [War Room] Keep session state in SQLite, not PostgreSQL (2026-03-03)") ||
		strings.Join(gate.Gate.Choices, "|") != "reaffirm #1|proceed|skip" {
		t.Errorf("gate: %q %q %v", gate.Gate.Question, gate.Gate.Excerpt, gate.Gate.Choices)
	}
	if err := run.Finish(context.Background(), err); !errors.As(err, &gate) {
		t.Fatal(err)
	}
	resumed, err := engine.Resume(context.Background(), engine.RunConfig{Store: w.store, Now: w.clk.Now,
		Answers: map[string]string{PriorGateKey: "proceed"}}, run.Session().ID)
	if err != nil {
		t.Fatal(err)
	}
	c, err := w.check(resumed, PriorAsk)
	if err != nil || c.Action != PriorSupersede || c.Number != 1 {
		t.Fatalf("resumed choice %+v, %v", c, err)
	}
	if n := len(w.f.CallsTo("search")); n != 1 {
		t.Errorf("%d searches, want 1 (the resumed run reuses the stored result)", n)
	}
}

func TestPriorCheckInformAndOff(t *testing.T) {
	w := newPriorWorld(t)
	c, err := w.check(w.start("wr-00000000000000a5", nil), PriorInform)
	if err != nil || c.Action != PriorNone || len(c.Matches) != 1 || c.Matches[0].Number != 1 {
		t.Fatalf("inform: %+v, %v", c, err)
	}
	gates, _ := w.store.Gates(context.Background(), "wr-00000000000000a5")
	if len(gates) != 0 {
		t.Error("inform mode opened a gate")
	}
	before := len(w.f.CallsTo("search"))
	if c, err := w.check(w.start("wr-00000000000000a6", nil), PriorOff); err != nil || c.Action != PriorNone {
		t.Fatalf("off: %+v, %v", c, err)
	}
	if len(w.f.CallsTo("search")) != before {
		t.Error("off mode searched")
	}
}

// Nothing on the topic: no gate, deliberate at once. The decision log is never a match.
func TestPriorCheckNoMatches(t *testing.T) {
	w := newPriorWorld(t)
	w.seedLog([]DecisionRow{{Number: 1, Title: "session state sqlite postgresql", Class: "type 2", Date: "2026-03-03", Status: "active"}})
	find := func(ctx context.Context) ([]PriorMatch, error) {
		return w.p.FindPrior(ctx, w.repo, "Which logging library should the CLI use?")
	}
	c, err := checkPrior(context.Background(), PriorAsk, find, nil)
	if err != nil || c.Action != PriorNone || len(c.Matches) != 0 {
		t.Fatalf("%+v, %v", c, err)
	}
	m, err := w.p.FindPrior(context.Background(), w.repo, priorQuestion)
	if err != nil || len(m) != 1 || m[0].Number != 1 {
		t.Errorf("the decision log was offered as a prior decision: %+v %v", m, err)
	}
}

// A session started to supersede a decision (a reopened question) answers the check itself
// when its search finds that decision among several, and asks as usual when it finds none.
func TestPriorCheckSupersedingAnswersItselfOnlyForWhatItFinds(t *testing.T) {
	w := newPriorWorld(t)
	w.seedDecision(2, "wr-0000000000000002", "Move session state from SQLite to PostgreSQL", "3")
	find := func(ctx context.Context) ([]PriorMatch, error) { return w.p.FindPrior(ctx, w.repo, priorQuestion) }

	run := w.start("wr-00000000000000b1", nil)
	c, err := CheckPriorSuperseding(context.Background(), run, PriorAsk, find, 2)
	if err != nil || c.Action != PriorSupersede || c.Number != 2 || len(c.Matches) != 2 {
		t.Fatalf("choice %+v, %v", c, err)
	}
	if got, err := PriorFromGate(context.Background(), w.store, run.Session().ID); err != nil || got.Number != 2 {
		t.Fatalf("the stored answer reads back as %+v, %v", got, err)
	}

	other := w.start("wr-00000000000000b2", nil)
	_, err = CheckPriorSuperseding(context.Background(), other, PriorAsk, find, 9)
	var gate *engine.GateError
	if !errors.As(err, &gate) {
		t.Fatalf("a decision the search did not find: want the gate to ask, got %v", err)
	}
}

// checkPriorRun is CheckPrior inside a session: the search is a durable step, so a resumed
// session asks about the same matches it asked about before pausing.
func checkPriorRun(ctx context.Context, run *engine.Run, mode PriorMode, find func(context.Context) ([]PriorMatch, error)) (PriorChoice, error) {
	return CheckPriorSuperseding(ctx, run, mode, find, 0)
}
