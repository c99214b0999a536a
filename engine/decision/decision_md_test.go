package decision

import (
	"strings"
	"testing"
)

// inOrder fails unless every want occurs in text, in this order.
func inOrder(t *testing.T, text string, want ...string) {
	t.Helper()
	at := 0
	for _, w := range want {
		i := strings.Index(text[at:], w)
		if i < 0 {
			t.Fatalf("%q missing or out of order in:\n%s", w, text)
		}
		at += i
	}
}

func TestMarkdownPutsDissentRightUnderTheDecision(t *testing.T) {
	d := &Decision{Title: "[Council] Queue?", Outcome: "Adopt a queue.", Confidence: "medium",
		Rationale: "Load is bursty.", Dissent: []string{"Skeptic: the queue adds an operational burden."},
		Alternatives: []Alternative{{Label: "Option 2", Title: "Keep cron", Score: &Score{Value: 3, Unit: "vote", Plural: "votes"}}},
		Metrics:      map[string]string{"margin": "converged 3-1"}, SessionID: "wr-1", Seed: 7}
	inOrder(t, d.Markdown(), "## Decision", "**Confidence:** medium", "## Dissent", "Skeptic: the queue", "## Rationale",
		"**Option 2: Keep cron** — 3 votes", "| margin | converged 3-1 |", "session wr-1 · seed 7")
}

// A protocol's sections print in its order, each as text, table and items; a ragged row is
// padded or cut to the columns and a pipe in a cell cannot open a new one.
func TestMarkdownPrintsSectionsInTheProtocolsOrder(t *testing.T) {
	d := &Decision{Title: "T", Outcome: "O", Consequences: "C", SessionID: "wr-1",
		Alternatives: []Alternative{{Label: "A"}},
		Sections: []Section{
			{Key: "second", Title: "Scores", Text: "RS 0.72", Table: &Table{Columns: []string{"Dimension", "Score"},
				Rows: [][]string{{"Cost", "4/5", "extra"}, {"a|b"}}}},
			{Key: "first", Title: "Ballot", Items: []string{"Member A:\nOption 1"}},
		}}
	inOrder(t, d.Markdown(), "## Consequences", "## Scores\n\nRS 0.72\n\n| Dimension | Score |\n|---|---|\n| Cost | 4/5 |\n| a\\|b |  |\n",
		"## Ballot\n\n- Member A: Option 1\n", "## Alternatives considered")
}

func TestScoreNamesItsUnit(t *testing.T) {
	for s, want := range map[Score]string{
		{Value: 1, Unit: "vote", Plural: "votes"}: "1 vote", {Value: 0, Unit: "vote", Plural: "votes"}: "0 votes",
		{Value: 11, Unit: "Borda point", Plural: "Borda points"}: "11 Borda points", {Value: 2, Unit: "pts"}: "2 pts",
	} {
		if got := s.String(); got != want {
			t.Errorf("%+v: %q, want %q", s, got, want)
		}
	}
}
