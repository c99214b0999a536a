package storetest

import (
	"errors"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
)

// testOrphans: steps, ledger entries, artifacts and gates of an unknown session are refused,
// so a typo in a session id cannot scatter rows that belong to nothing.
func testOrphans(t *testing.T, open Opener) {
	st := open(t)
	id := unique("missing")
	errs := []error{
		st.PutStep(ctx(t), id, "k", []byte("v")),
		st.AppendLedger(ctx(t), &ledger.Entry{SessionID: id}),
		st.PutArtifact(ctx(t), id, "a", []byte("v")),
		st.OpenGate(ctx(t), &engine.GateRecord{SessionID: id, Key: "g"}),
	}
	for i, err := range errs {
		if err == nil || errors.Is(err, engine.ErrNotFound) {
			t.Errorf("write #%d for an unknown session: got %v, want a refusal other than ErrNotFound", i, err)
		}
	}
}
