package postgres_test

import (
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/store/postgres"
)

// awkward is free text PostgreSQL's text type refuses: a NUL byte and invalid UTF-8. A model
// or a person can produce either, and the store must keep it as given.
const awkward = "nul\x00 and \xff\xfe bad utf-8"

// TestFreeTextKeptByteForByte stores awkward text wherever people or models write free text.
func TestFreeTextKeptByteForByte(t *testing.T) {
	st := openFresh(t)
	ctx := t.Context()
	s := &engine.Session{ID: "wr-text", Protocol: "p", Title: awkward}
	if err := st.CreateSession(ctx, s); err != nil {
		t.Fatal(err)
	}
	if err := st.SetStatus(ctx, s.ID, engine.StatusFailed, awkward); err != nil {
		t.Fatalf("SetStatus with awkward error text: %v", err)
	}
	if got, err := st.GetSession(ctx, s.ID); err != nil || got.Title != awkward || got.Error != awkward {
		t.Errorf("session = %+v, %v", got, err)
	}
	e := &ledger.Entry{SessionID: s.ID, ErrorText: awkward}
	if err := st.AppendLedger(ctx, e); err != nil {
		t.Fatal(err)
	}
	if es, err := st.Ledger(ctx, s.ID); err != nil || len(es) != 1 || es[0].ErrorText != awkward {
		t.Errorf("ledger = %+v, %v", es, err)
	}
	if err := st.OpenGate(ctx, &engine.GateRecord{SessionID: s.ID, Key: "g", Question: awkward}); err != nil {
		t.Fatal(err)
	}
	if err := st.AnswerGate(ctx, s.ID, "g", awkward); err != nil {
		t.Fatal(err)
	}
	if err := st.AnswerGate(ctx, s.ID, "g", awkward); err != nil {
		t.Errorf("the same awkward answer again: %v", err)
	}
	if g, err := st.GetGate(ctx, s.ID, "g"); err != nil || g.Question != awkward || g.Answer != awkward {
		t.Errorf("gate = %+v, %v", g, err)
	}
}

// TestTimesWrittenBackAsStored: the database keeps microseconds, and what the store writes
// back into the caller's structs is what a later read returns, to the nanosecond.
func TestTimesWrittenBackAsStored(t *testing.T) {
	at := time.Date(2031, 5, 6, 7, 8, 9, 123456789, time.UTC)
	st := openFresh(t, postgres.WithClock(func() time.Time { return at }))
	ctx := t.Context()
	s := &engine.Session{ID: "wr-times", Protocol: "p"}
	if err := st.CreateSession(ctx, s); err != nil {
		t.Fatal(err)
	}
	got, err := st.GetSession(ctx, s.ID)
	if err != nil || got.CreatedAt != s.CreatedAt || got.CreatedAt.Nanosecond() != 123456000 {
		t.Errorf("CreatedAt written back %v, read %v (%v)", s.CreatedAt, got.CreatedAt, err)
	}
	g := &engine.GateRecord{SessionID: s.ID, Key: "g"}
	if err := st.OpenGate(ctx, g); err != nil {
		t.Fatal(err)
	}
	if read, err := st.GetGate(ctx, s.ID, "g"); err != nil || read.OpenedAt != g.OpenedAt {
		t.Errorf("OpenedAt written back %v, read %+v (%v)", g.OpenedAt, read, err)
	}
	e := &ledger.Entry{SessionID: s.ID, StartedAt: at}
	if err := st.AppendLedger(ctx, e); err != nil {
		t.Fatal(err)
	}
	if es, err := st.Ledger(ctx, s.ID); err != nil || es[0].StartedAt != e.StartedAt {
		t.Errorf("StartedAt written back %v, read %+v (%v)", e.StartedAt, es, err)
	}
}
