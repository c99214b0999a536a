package sqlite_test

import (
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/store/sqlite"
)

// benchStore opens a store on a temporary file with one session. Each op commits and syncs,
// so these numbers mostly measure the file system's fsync.
func benchStore(b *testing.B) (*sqlite.Store, string) {
	b.Helper()
	st := openTemp(b)
	s := &engine.Session{ID: "wr-bench", Protocol: "bench", Status: engine.StatusRunning}
	if err := st.CreateSession(b.Context(), s); err != nil {
		b.Fatal(err)
	}
	return st, s.ID
}

// stepResult is a typical step result: a model answer of about 2 KiB wrapped in JSON.
var stepResult = []byte(`{"text":"` + string(make([]byte, 2048)) + `"}`)

func BenchmarkPutStep(b *testing.B) {
	st, id := benchStore(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := st.PutStep(b.Context(), id, "phase/"+strconv.Itoa(i), stepResult); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkPutStepParallel shows what the single write connection costs when the engine's
// Parallel fans out: writers queue for it.
func BenchmarkPutStepParallel(b *testing.B) {
	st, id := benchStore(b)
	var n atomic.Int64
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			key := "phase/" + strconv.FormatInt(n.Add(1), 10)
			if err := st.PutStep(b.Context(), id, key, stepResult); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkGetStep(b *testing.B) {
	st, id := benchStore(b)
	if err := st.PutStep(b.Context(), id, "phase/x", stepResult); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := st.GetStep(b.Context(), id, "phase/x"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendLedger(b *testing.B) {
	st, id := benchStore(b)
	e := engine.LedgerEntry{SessionID: id, Step: "phase3/coa/a", Role: "expert",
		Profile: "claude", Provider: "anthropic", Model: "m", Family: "anthropic",
		Effort: provider.EffortHigh, PromptSHA256: engine.SHA256Hex(nil),
		Inputs: []string{"question", "facts"}, Attempt: 1,
		Usage: provider.Usage{InputTokens: 1200, OutputTokens: 300}, LatencyMS: 900,
		Outcome: engine.OutcomeOK}
	b.ReportAllocs()
	for b.Loop() {
		if err := st.AppendLedger(b.Context(), &e); err != nil {
			b.Fatal(err)
		}
	}
}
