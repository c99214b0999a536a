package storetest

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// testStepDigests pins Steps: every step of the session, ordered by key byte-wise, each with
// the SHA-256 of its result as stored, and the first value's digest kept when a key is stored
// twice.
func testStepDigests(t *testing.T, open Opener) {
	st := open(t)
	a, b := newSession(t, st, "p"), newSession(t, st, "p")
	if got, err := st.Steps(ctx(t), unique("missing")); err != nil || len(got) != 0 {
		t.Errorf("Steps(unknown session) = %d, %v; want none and no error", len(got), err)
	}
	putStep(t, st, a.ID, "p3/coa", []byte(`{"text":"three"}`))
	putStep(t, st, a.ID, "P1", []byte("upper"))
	putStep(t, st, a.ID, "p0", nil)
	putStep(t, st, a.ID, "p3/coa", []byte("a second value is dropped"))
	putStep(t, st, b.ID, "p0", []byte("b's"))

	got, err := st.Steps(ctx(t), a.ID)
	if err != nil {
		t.Fatalf("Steps: %v", err)
	}
	want := []struct{ key, result string }{{"P1", "upper"}, {"p0", ""}, {"p3/coa", `{"text":"three"}`}}
	if len(got) != len(want) {
		t.Fatalf("Steps = %d records, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		sum := sha256.Sum256([]byte(w.result))
		if got[i].Key != w.key || string(got[i].Result) != w.result ||
			got[i].SHA256 != hex.EncodeToString(sum[:]) || got[i].CreatedAt.IsZero() {
			t.Errorf("Steps[%d] = %q %q sha %s at %v; want %q %q sha %x and a time", i, got[i].Key,
				got[i].Result, got[i].SHA256, got[i].CreatedAt, w.key, w.result, sum)
		}
	}
}
