package storetest

import (
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
)

// Bench measures the calls a run makes once per model call, on st, so that stores can be
// compared op for op. Each write commits durably, so the numbers mostly measure the disk's
// sync (and, for a server, the round trip).
func Bench(b *testing.B, st engine.Store) {
	s := &engine.Session{ID: unique("bench"), Protocol: "bench", Status: engine.StatusRunning}
	if err := st.CreateSession(b.Context(), s); err != nil {
		b.Fatal(err)
	}
	var n atomic.Int64
	key := func() string { return "phase/" + strconv.FormatInt(n.Add(1), 10) }
	b.Run("PutStep", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			putStepB(b, st, s.ID, key())
		}
	})
	// Parallel shows what the engine's fan-out costs: writers queue for the store's
	// connections (SQLite: one writer; a server: its pool).
	b.Run("PutStepParallel", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				putStepB(b, st, s.ID, key())
			}
		})
	})
	b.Run("GetStep", func(b *testing.B) {
		k := key()
		putStepB(b, st, s.ID, k)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := st.GetStep(b.Context(), s.ID, k); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("AppendLedger", func(b *testing.B) {
		e := benchEntry(s.ID)
		b.ReportAllocs()
		for b.Loop() {
			appendB(b, st, &e)
		}
	})
	// StepAndLedger is the store's share of one model call: its ledger row and its result.
	b.Run("StepAndLedger", func(b *testing.B) {
		e := benchEntry(s.ID)
		b.ReportAllocs()
		for b.Loop() {
			putStepB(b, st, s.ID, key())
			appendB(b, st, &e)
		}
	})
	// StepWithLedger is the same share in one transaction, for stores that can.
	if w, ok := st.(engine.StepLedgerWriter); ok {
		b.Run("StepWithLedger", func(b *testing.B) {
			e := benchEntry(s.ID)
			b.ReportAllocs()
			for b.Loop() {
				stepWithLedgerB(b, w, s.ID, key(), &e)
			}
		})
		// A fan-out of eight: calls finishing together (SQLite commits them together).
		b.Run("StepWithLedgerParallel", func(b *testing.B) {
			b.ReportAllocs()
			b.SetParallelism(4)
			b.RunParallel(func(pb *testing.PB) {
				e := benchEntry(s.ID)
				for pb.Next() {
					stepWithLedgerB(b, w, s.ID, key(), &e)
				}
			})
		})
	}
}

// benchResult is a typical step result: a model answer of about 2 KiB wrapped in JSON.
var benchResult = []byte(`{"text":"` + string(make([]byte, 2048)) + `"}`)

func benchEntry(session string) ledger.Entry {
	return ledger.Entry{SessionID: session, Step: "phase3/coa/a", Role: "expert",
		Profile: "claude", Provider: "anthropic", Model: "m", Family: "anthropic",
		Effort: provider.EffortHigh, PromptSHA256: record.SHA256Hex(nil),
		Inputs: []string{"question", "facts"}, Attempt: 1,
		Usage: provider.Usage{InputTokens: 1200, OutputTokens: 300}, LatencyMS: 900,
		Outcome: ledger.OutcomeOK}
}

func putStepB(b *testing.B, st engine.Store, session, key string) {
	if err := st.PutStep(b.Context(), session, key, benchResult); err != nil {
		b.Error(err)
	}
}

func appendB(b *testing.B, st engine.Store, e *ledger.Entry) {
	if err := st.AppendLedger(b.Context(), e); err != nil {
		b.Error(err)
	}
}

func stepWithLedgerB(b *testing.B, w engine.StepLedgerWriter, session, key string, e *ledger.Entry) {
	if err := w.PutStepWithLedger(b.Context(), session, key, benchResult, []*ledger.Entry{e}); err != nil {
		b.Error(err)
	}
}
