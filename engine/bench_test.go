package engine_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// BenchmarkCallOverhead measures the engine's own cost per Call — prompt assembly, fencing,
// budget check, provider dispatch and the durable ledger write — with a zero-latency scripted
// provider and a real SQLite file. Target: ≤ 200 µs per call. "full" is the default store,
// which fsyncs every ledger row; "normal" syncs at checkpoints (crash-safe, not power-loss
// safe) and shows the engine's own cost without the disk's.
func BenchmarkCallOverhead(b *testing.B) {
	for _, mode := range []sqlite.Sync{sqlite.SyncFull, sqlite.SyncNormal} {
		b.Run(strings.ToLower(string(mode)), func(b *testing.B) {
			st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "b.db"), sqlite.WithSync(mode))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			benchCalls(b, st)
		})
	}
}

func benchCalls(b *testing.B, st engine.Store) {
	ps, _ := scripted(script.Script{Default: &script.Response{Text: "C-1: a claim"}})
	r := startRun(b, st, ps, nil)
	spec := engine.CallSpec{Role: "generator", Profile: "a", System: "You write position papers.",
		Inputs: []engine.NamedText{{Name: "QUESTION", Text: "Which queue should we use?"}, {Name: "FACTS", Text: "(none supplied)"}},
		Task:   "Write the paper.", Contract: mustContain("C-1")}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := r.Call(ctx, spec); err != nil {
			b.Fatal(err)
		}
	}
}
