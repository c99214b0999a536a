package main

import (
	"testing"
)

// BenchmarkRepublishFinished is the re-publish figure of docs/performance.md: `war-room
// publish` run again for a decision already published, from a new process's state over the
// same store. It reports the GitHub requests and writes of the second run (goal: one lookup,
// no write); TestPublishCommand asserts the same counts.
func BenchmarkRepublishFinished(b *testing.B) {
	var requests, writes int
	for b.Loop() {
		b.StopTimer()
		p := newPubEnv(b)
		d := p.record("wr-00000000000000b1", "[War Room] Pick the App's store", "")
		if code, out, errOut := p.run("publish", d.SessionID, "--repo", "acme/widgets"); code != exitOK {
			b.Fatalf("publish: exit %d\n%s\n%s", code, out, errOut)
		}
		before := len(p.f.Calls())
		b.StartTimer()
		if code, out, errOut := p.run("publish", d.SessionID, "--repo", "acme/widgets"); code != exitOK {
			b.Fatalf("re-publish: exit %d\n%s\n%s", code, out, errOut)
		}
		b.StopTimer()
		calls := p.f.Calls()[before:]
		requests, writes = len(calls), 0
		for _, c := range calls {
			if c.Mutation {
				writes++
			}
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(requests), "requests")
	b.ReportMetric(float64(writes), "writes")
}
