package storetest

import (
	"reflect"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
)

// fullEntry sets every field, so a column the store forgets shows up as a difference.
func fullEntry(session string, i int) ledger.Entry {
	return ledger.Entry{SessionID: session, Step: "phase3/coa", Role: "expert",
		Profile: "claude", Provider: "anthropic", Model: "m-1", ModelReported: "m-1-2031",
		Family: "anthropic", Effort: provider.EffortHigh, EffortAsked: provider.EffortXHigh,
		Thinking: provider.ThinkingAdaptive, MaxTokens: 32000, StopReason: "max_tokens",
		PromptSHA256: record.SHA256Hex(nil), Inputs: []string{"question", "facts"}, Attempt: i,
		Usage: provider.Usage{InputTokens: 1000 + int64(i), OutputTokens: 200,
			CacheReadTokens: 30, CacheWriteTokens: 4, ThinkingTokens: 150},
		CostUSD: 0.0125, LatencyMS: 1500, Outcome: ledger.OutcomeContractFailed,
		ErrorClass: "transport", ErrorText: "overloaded\n", Scripted: true,
		StartedAt: baseTime.Add(time.Duration(i) * time.Second)}
}

func testLedger(t *testing.T, open Opener) {
	st := open(t)
	a, b := newSession(t, st, "p"), newSession(t, st, "p")
	if got := entriesOf(t, st, unique("missing")); len(got) != 0 {
		t.Errorf("Ledger(unknown session) = %d entries, want none", len(got))
	}
	var want []ledger.Entry
	for i := 1; i <= 3; i++ {
		e := fullEntry(a.ID, i)
		e.Seq = 99 // the store assigns Seq; whatever the caller put there is ignored
		if err := st.AppendLedger(ctx(t), &e); err != nil {
			t.Fatalf("AppendLedger: %v", err)
		}
		if e.Seq != int64(i) {
			t.Errorf("AppendLedger #%d wrote back Seq %d, want %d", i, e.Seq, i)
		}
		want = append(want, e)
	}
	// Another session numbers its own entries from 1.
	e := ledger.Entry{SessionID: b.ID, Outcome: ledger.OutcomeOK, StartedAt: baseTime}
	if err := st.AppendLedger(ctx(t), &e); err != nil {
		t.Fatalf("AppendLedger: %v", err)
	}
	if e.Seq != 1 {
		t.Errorf("first entry of a second session has Seq %d, want 1", e.Seq)
	}

	got := entriesOf(t, st, a.ID)
	if len(got) != len(want) {
		t.Fatalf("Ledger = %d entries, want %d", len(got), len(want))
	}
	for i := range want {
		assertEntry(t, got[i], want[i])
	}
	if got := entriesOf(t, st, b.ID); len(got) != 1 || got[0].Seq != 1 || got[0].SessionID != b.ID {
		t.Errorf("Ledger(b) = %+v", got)
	}
}

func entriesOf(t *testing.T, st engine.Store, session string) []ledger.Entry {
	t.Helper()
	es, err := st.Ledger(ctx(t), session)
	if err != nil {
		t.Fatalf("Ledger(%s): %v", session, err)
	}
	return es
}

func assertEntry(t *testing.T, got, want ledger.Entry) {
	t.Helper()
	if !got.StartedAt.Equal(want.StartedAt) {
		t.Errorf("entry %d StartedAt = %v, want %v", want.Seq, got.StartedAt, want.StartedAt)
	}
	got.StartedAt, want.StartedAt = time.Time{}, time.Time{}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("entry %d:\n got %+v\nwant %+v", want.Seq, got, want)
	}
}
