package decision

import (
	"encoding/json"
	"strings"
	"testing"
)

// A phase renders its parts for a terminal as markdown, model text as it came and a probe's
// output in a fence it cannot close; a phase stored before parts is its body.
func TestPhaseMarkdown(t *testing.T) {
	p := PhaseSummary{Key: "closing", Title: "Closing ballot", Parts: []PhasePart{
		TablePart([]string{"Member", "Vote"}, [][]string{{"Member A", "Option 1: a | b"}}),
		HeadingPart("Member A (Steward · m)"), QuotePart("VOTE: Option 1\n\n## Final position"),
		CodePart("out\n```\nmore"), TextPart("No answer (timeout)."), ItemsPart([]string{"one\ntwo"})}}
	want := strings.Join([]string{
		"| Member | Vote |\n|---|---|\n| Member A | Option 1: a \\| b |",
		"#### Member A (Steward · m)",
		"VOTE: Option 1\n\n## Final position",
		"````\nout\n```\nmore\n````",
		"No answer (timeout).",
		"- one two",
	}, "\n\n")
	if got := p.Markdown(); got != want {
		t.Errorf("Markdown:\n%s\nwant:\n%s", got, want)
	}
	var old PhaseSummary
	if err := json.Unmarshal([]byte(`{"key":"blind","title":"Blind","body":"#### Member A\n\ntext\n"}`), &old); err != nil {
		t.Fatal(err)
	}
	if len(old.Parts) != 0 || old.Markdown() != "#### Member A\n\ntext" {
		t.Errorf("a phase stored as one body reads as %+v", old)
	}
}
