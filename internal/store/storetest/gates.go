package storetest

import (
	"errors"
	"reflect"
	"testing"

	"github.com/war-room/war-room/engine"
)

func testGates(t *testing.T, open Opener) {
	st := open(t)
	s := newSession(t, st, "p")
	if _, err := st.GetGate(ctx(t), s.ID, "approve"); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("GetGate(missing): want ErrNotFound, got %v", err)
	}
	if err := st.AnswerGate(ctx(t), s.ID, "approve", "yes"); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("AnswerGate(missing): want ErrNotFound, got %v", err)
	}
	if got := gates(t, st, unique("missing")); len(got) != 0 {
		t.Errorf("Gates(unknown session) = %d, want none", len(got))
	}

	openGate(t, st, &engine.GateRecord{SessionID: s.ID, Key: "z-approve", Question: "Go on?",
		Excerpt: "the model's reason\x00 ## with any byte", Choices: []string{"yes", "no"}, OpenedAt: baseTime})
	g := getGate(t, st, s.ID, "z-approve")
	if g.Question != "Go on?" || g.Excerpt != "the model's reason\x00 ## with any byte" || !reflect.DeepEqual(g.Choices, []string{"yes", "no"}) ||
		g.Answered || g.Answer != "" || g.AnsweredAt != nil || !g.OpenedAt.Equal(baseTime) {
		t.Errorf("opened gate = %+v", g)
	}
	// Re-opening is a no-op: the question asked first stays.
	openGate(t, st, &engine.GateRecord{SessionID: s.ID, Key: "z-approve", Question: "changed"})
	if g := getGate(t, st, s.ID, "z-approve"); g.Question != "Go on?" {
		t.Errorf("re-opened gate question = %q, want the first", g.Question)
	}
	openGate(t, st, &engine.GateRecord{SessionID: s.ID, Key: "a-second", Question: "And?"})
	if g := getGate(t, st, s.ID, "a-second"); g.OpenedAt.IsZero() || len(g.Choices) != 0 || g.Excerpt != "" {
		t.Errorf("gate opened with a zero OpenedAt and no choices = %+v", g)
	}
	testAnswer(t, st, s.ID)

	got := gates(t, st, s.ID)
	if len(got) != 2 || got[0].Key != "z-approve" || got[1].Key != "a-second" {
		t.Errorf("Gates order = %+v, want z-approve then a-second (opening order)", got)
	}
}

func testAnswer(t *testing.T, st engine.Store, session string) {
	if err := st.AnswerGate(ctx(t), session, "z-approve", "yes"); err != nil {
		t.Fatalf("AnswerGate: %v", err)
	}
	g := getGate(t, st, session, "z-approve")
	if !g.Answered || g.Answer != "yes" || g.AnsweredAt == nil {
		t.Fatalf("answered gate = %+v", g)
	}
	if err := st.AnswerGate(ctx(t), session, "z-approve", "yes"); err != nil {
		t.Errorf("answering again with the same answer: want nil, got %v", err)
	}
	err := st.AnswerGate(ctx(t), session, "z-approve", "no")
	if !errors.Is(err, engine.ErrGateAnswered) {
		t.Errorf("answering again with a different answer: want ErrGateAnswered, got %v", err)
	}
	// Re-opening an answered gate keeps the answer.
	openGate(t, st, &engine.GateRecord{SessionID: session, Key: "z-approve", Question: "Go on?"})
	again := getGate(t, st, session, "z-approve")
	if !again.Answered || again.Answer != "yes" || again.AnsweredAt == nil ||
		!again.AnsweredAt.Equal(*g.AnsweredAt) {
		t.Errorf("after a repeated answer and a re-open, gate = %+v, want %+v", again, g)
	}
}

func openGate(t *testing.T, st engine.Store, g *engine.GateRecord) {
	t.Helper()
	if err := st.OpenGate(ctx(t), g); err != nil {
		t.Fatalf("OpenGate(%s): %v", g.Key, err)
	}
}

func getGate(t *testing.T, st engine.Store, session, key string) *engine.GateRecord {
	t.Helper()
	g, err := st.GetGate(ctx(t), session, key)
	if err != nil {
		t.Fatalf("GetGate(%s): %v", key, err)
	}
	return g
}

func gates(t *testing.T, st engine.Store, session string) []engine.GateRecord {
	t.Helper()
	gs, err := st.Gates(ctx(t), session)
	if err != nil {
		t.Fatalf("Gates(%s): %v", session, err)
	}
	return gs
}
