package engine

import (
	"encoding/json"
	"os"
	"path/filepath"
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

// A decision.json written before Decision was protocol-neutral still reads: its type is the
// class and the label, its reversibility a section, its Borda points scores.
func TestOlderDecisionRecordsStillRead(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "decision-before-sections.json"))
	if err != nil {
		t.Fatal(err)
	}
	var d Decision
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatal(err)
	}
	if d.Class != "type 1A+" || strings.Join(d.Labels, ",") != "type-1a-plus" {
		t.Errorf("class %q, labels %v", d.Class, d.Labels)
	}
	if len(d.Sections) != 1 || d.Sections[0].Key != "reversibility" || len(d.Sections[0].Table.Rows) != 2 {
		t.Fatalf("sections %+v", d.Sections)
	}
	if a := d.Alternatives; a[0].Score == nil || a[0].Score.String() != "11 Borda points" || a[1].Score != nil {
		t.Errorf("alternatives %+v", a)
	}
	inOrder(t, d.Markdown(), "## Reversibility", "RS 0.84 · type 1A+ · mode delphi", "| Reversal Cost | 5/5 | months |",
		"**Response A: Managed queue** (selected) — 11 Borda points")

	// A record of today's shape is read as it is: nothing is added to it.
	today, err := json.Marshal(&Decision{Title: "T", Class: "c", Sections: []Section{{Key: "k"}}})
	if err != nil {
		t.Fatal(err)
	}
	var again Decision
	if err := json.Unmarshal(today, &again); err != nil {
		t.Fatal(err)
	}
	if again.Class != "c" || again.Labels != nil || len(again.Sections) != 1 {
		t.Errorf("today's record changed on reading: %+v", again)
	}
}
