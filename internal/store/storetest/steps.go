package storetest

import (
	"bytes"
	"crypto/rand"
	"errors"
	"testing"

	"github.com/war-room/war-room/engine"
)

func testSteps(t *testing.T, open Opener) {
	st := open(t)
	a, b := newSession(t, st, "p"), newSession(t, st, "p")
	if _, err := st.GetStep(ctx(t), a.ID, "phase0/x"); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("GetStep(missing key): want ErrNotFound, got %v", err)
	}
	if _, err := st.GetStep(ctx(t), unique("missing"), "k"); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("GetStep(missing session): want ErrNotFound, got %v", err)
	}

	first := []byte{0, 1, 0xff, '\n', 0xc3}
	putStep(t, st, a.ID, "phase0/x", first)
	putStep(t, st, a.ID, "phase0/x", []byte(`{"different":true}`))
	assertStep(t, st, a.ID, "phase0/x", first)

	putStep(t, st, b.ID, "phase0/x", []byte("b's own"))
	assertStep(t, st, b.ID, "phase0/x", []byte("b's own"))
	assertStep(t, st, a.ID, "phase0/x", first)

	putStep(t, st, a.ID, "empty", []byte{})
	assertStep(t, st, a.ID, "empty", nil)
	putStep(t, st, a.ID, "nil", nil)
	assertStep(t, st, a.ID, "nil", nil)

	big := make([]byte, 1<<20)
	rand.Read(big)
	putStep(t, st, a.ID, "big", big)
	assertStep(t, st, a.ID, "big", big)
}

func putStep(t *testing.T, st engine.Store, session, key string, v []byte) {
	t.Helper()
	if err := st.PutStep(ctx(t), session, key, v); err != nil {
		t.Fatalf("PutStep(%s, %s): %v", session, key, err)
	}
}

func assertStep(t *testing.T, st engine.Store, session, key string, want []byte) {
	t.Helper()
	got, err := st.GetStep(ctx(t), session, key)
	if err != nil {
		t.Fatalf("GetStep(%s, %s): %v", session, key, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("GetStep(%s, %s) = %.40q (len %d), want %.40q (len %d)", session, key,
			got, len(got), want, len(want))
	}
}
