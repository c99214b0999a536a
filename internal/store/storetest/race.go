package storetest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/war-room/war-room/engine"
)

// testSameKey races writers of one step key: exactly one value must win, and every writer,
// reading after its own PutStep returned, must see that same value.
func testSameKey(t *testing.T, st engine.Store) {
	s := newSession(t, st, "p")
	seen := make([]string, workers)
	errs := fanOut(t, func(w int) error {
		if err := st.PutStep(ctx(t), s.ID, "race", fmt.Appendf(nil, "v%d", w)); err != nil {
			return err
		}
		got, err := st.GetStep(ctx(t), s.ID, "race")
		seen[w] = string(got)
		return err
	})
	for _, err := range errs {
		if err != nil {
			t.Fatalf("racing PutStep: %v", err)
		}
	}
	for w := range workers {
		if seen[w] != seen[0] {
			t.Fatalf("writer %d read %q, writer 0 read %q: the first value did not stay", w,
				seen[w], seen[0])
		}
	}
	var w int
	if _, err := fmt.Sscanf(seen[0], "v%d", &w); err != nil || w < 0 || w >= workers {
		t.Fatalf("winning value %q is not one of the values written", seen[0])
	}
}

// testConcurrentAnswers races different answers to one gate: exactly one may be accepted.
func testConcurrentAnswers(t *testing.T, st engine.Store) {
	s := newSession(t, st, "p")
	openGate(t, st, &engine.GateRecord{SessionID: s.ID, Key: "approve", Question: "?"})
	errs := fanOut(t, func(w int) error {
		return st.AnswerGate(ctx(t), s.ID, "approve", fmt.Sprintf("a%d", w))
	})
	winner := -1
	for w, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Fatalf("answers %d and %d were both accepted", winner, w)
		case err == nil:
			winner = w
		case errors.Is(err, engine.ErrNotFound):
			t.Fatalf("answer %d: ErrNotFound for an open gate: %v", w, err)
		}
	}
	if winner < 0 {
		t.Fatalf("no answer was accepted: %v", errs)
	}
	if g := getGate(t, st, s.ID, "approve"); g.Answer != fmt.Sprintf("a%d", winner) {
		t.Errorf("gate answer %q, but answer a%d was the one accepted", g.Answer, winner)
	}
}
