package storetest

import (
	"bytes"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/record"
)

// testStepWithLedger pins engine.StepLedgerWriter for stores that have it: the rows are
// numbered after those appended before, in order, and written back; the step is stored with
// its digest; a stored key keeps its first value while the rows are appended all the same;
// and a write that fails in either half stores nothing of the other.
func testStepWithLedger(t *testing.T, open Opener) {
	st := open(t)
	w, ok := st.(engine.StepLedgerWriter)
	if !ok {
		t.Skip("the store has no PutStepWithLedger")
	}
	s := newSession(t, st, "p")
	first := fullEntry(s.ID, 1)
	if err := st.AppendLedger(ctx(t), &first); err != nil {
		t.Fatalf("AppendLedger: %v", err)
	}
	a, b := fullEntry(s.ID, 2), fullEntry(s.ID, 3)
	if err := w.PutStepWithLedger(ctx(t), s.ID, "k", []byte("one"), []*ledger.Entry{&a, &b}); err != nil {
		t.Fatalf("PutStepWithLedger: %v", err)
	}
	if a.Seq != 2 || b.Seq != 3 {
		t.Errorf("PutStepWithLedger wrote back Seq %d, %d, want 2, 3", a.Seq, b.Seq)
	}
	c := fullEntry(s.ID, 4)
	if err := w.PutStepWithLedger(ctx(t), s.ID, "k", []byte("two"), []*ledger.Entry{&c}); err != nil {
		t.Fatalf("PutStepWithLedger of a stored key: %v", err)
	}
	if err := w.PutStepWithLedger(ctx(t), s.ID, "empty", []byte("e"), nil); err != nil {
		t.Fatalf("PutStepWithLedger without entries: %v", err)
	}
	got := entriesOf(t, st, s.ID)
	if len(got) != 4 {
		t.Fatalf("Ledger = %d entries, want 4", len(got))
	}
	for i, want := range []ledger.Entry{first, a, b, c} {
		assertEntry(t, got[i], want)
	}
	steps := stepsOf(t, st, s.ID)
	if r := steps["k"]; !bytes.Equal(r.Result, []byte("one")) || r.SHA256 != record.SHA256Hex([]byte("one")) {
		t.Errorf("step k = %q (sha256 %s), want the first value with its digest", r.Result, r.SHA256)
	}
	if _, ok := steps["empty"]; !ok {
		t.Error("the step written without entries is missing")
	}

	// A row that cannot be stored (its session does not exist) takes the step and the rows
	// before it down with it; so does a step that cannot be stored.
	ok1, bad := fullEntry(s.ID, 5), fullEntry(unique("missing"), 1)
	if err := w.PutStepWithLedger(ctx(t), s.ID, "failed", []byte("x"), []*ledger.Entry{&ok1, &bad}); err == nil {
		t.Error("PutStepWithLedger with a row of an unknown session succeeded")
	}
	ok2 := fullEntry(s.ID, 6)
	if err := w.PutStepWithLedger(ctx(t), unique("missing"), "failed", []byte("x"), []*ledger.Entry{&ok2}); err == nil {
		t.Error("PutStepWithLedger of a step of an unknown session succeeded")
	}
	if n := len(entriesOf(t, st, s.ID)); n != 4 {
		t.Errorf("after two failed writes the ledger has %d entries, want 4", n)
	}
	if _, ok := stepsOf(t, st, s.ID)["failed"]; ok {
		t.Error("a failed PutStepWithLedger stored its step")
	}
}

func stepsOf(t *testing.T, st engine.Store, session string) map[string]engine.StepRecord {
	t.Helper()
	rs, err := st.Steps(ctx(t), session)
	if err != nil {
		t.Fatalf("Steps: %v", err)
	}
	out := map[string]engine.StepRecord{}
	for _, r := range rs {
		out[r.Key] = r
	}
	return out
}
