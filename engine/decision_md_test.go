package engine

import (
	"strings"
	"testing"
)

func TestMarkdownPutsDissentRightUnderTheDecision(t *testing.T) {
	d := &Decision{Title: "[Council] Queue?", Outcome: "Adopt a queue.", Confidence: "medium",
		Rationale: "Load is bursty.", Dissent: []string{"Skeptic: the queue adds an operational burden."},
		Alternatives: []Alternative{{Label: "Option 2", Title: "Keep cron", Points: 3}},
		Metrics:      map[string]string{"margin": "converged 3-1"}, SessionID: "wr-1", Seed: 7}
	md := d.Markdown()
	order := []string{"## Decision", "**Confidence:** medium", "## Dissent", "Skeptic: the queue", "## Rationale",
		"**Option 2: Keep cron** — 3 Borda points", "| margin | converged 3-1 |", "session wr-1 · seed 7"}
	at := 0
	for _, want := range order {
		i := strings.Index(md[at:], want)
		if i < 0 {
			t.Fatalf("%q missing or out of order in:\n%s", want, md)
		}
		at += i
	}
}
