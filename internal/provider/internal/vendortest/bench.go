package vendortest

import (
	"context"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// BenchRequest is a call of the size a deliberation's calls have: a role's system prompt
// and a user prompt with shared context.
var BenchRequest = provider.Request{System: strings.Repeat("s", 2000), User: strings.Repeat("u", 6000), Model: "m"}

// BenchComplete measures the adapter's Complete against a loopback server that answers the
// OK file at once (without recording: the server's own work is kept small), one call at a
// time and Wave at a time. Besides time and allocations it reports the process's CPU per
// call (user + system), which is what the bench's adapter figure counts; the server's share
// is in it too, and BenchmarkBareRoundTrip (httpvendor) measures that floor.
func (v Vendor) BenchComplete(b *testing.B) {
	answer := JSONFile(b, http.StatusOK, v.OK)
	srv := NewServer(b, answer)
	srv.quiet = true
	p := v.Client(srv, Knobs{})
	b.Run("serial", func(b *testing.B) {
		defer ReportCPU(b)()
		for b.Loop() {
			if _, err := p.Complete(context.Background(), BenchRequest); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("wave", func(b *testing.B) {
		defer ReportCPU(b)()
		b.SetParallelism(Wave / 2) // GOMAXPROCS is 2 on the machines these run on
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if _, err := p.Complete(context.Background(), BenchRequest); err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
}

// ReportCPU starts counting the process's CPU time and returns what reports it per
// iteration as cpu-ns/op, with allocations.
func ReportCPU(b *testing.B) func() {
	b.ReportAllocs()
	start := processCPU()
	return func() { b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op") }
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
