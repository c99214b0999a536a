package engine_test

import (
	"context"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider/script"
)

// BenchmarkCallOverhead measures the engine's own cost per Call — prompt assembly, fencing,
// budget check, provider dispatch and the durable ledger write — with a zero-latency scripted
// provider and a real SQLite file. Target: ≤ 200 µs per call.
func BenchmarkCallOverhead(b *testing.B) {
	ps, _ := scripted(script.Script{Default: &script.Response{Text: "C-1: a claim"}})
	r := startRun(b, openStore(b, ""), ps, nil)
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
