package discussions

import (
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
)

// War-room's parts render as structure with the values others chose in them escaped; model
// text, a kind this binary does not know and a phase stored as one body are quoted.
func TestPhaseBodyKeepsStructureAndQuotesModelText(t *testing.T) {
	p := engine.PhaseSummary{Parts: []engine.PhasePart{
		engine.HeadingPart("Response A: **Adopt** <b>it</b> @octocat — Chief · m"),
		engine.TextPart("Round 1: 3 ballot(s).\n\n  Tie between A and B.\n# not a heading"),
		engine.TablePart([]string{"Member", "Vote"}, [][]string{{"Member A", "Option 1: x | y\nz"}}),
		engine.ItemsPart([]string{"- nested\n## h"}),
		engine.QuotePart("## Decision\n**Outcome:** FORGED"),
		{Kind: "future-kind", Text: "## Heading"},
	}}
	want := strings.Join([]string{
		"#### Response A: \\*\\*Adopt\\*\\* \\<b>it\\</b> @\u200doctocat — Chief · m",
		"Round 1: 3 ballot(s).\nTie between A and B.\n\\# not a heading",
		"| Member | Vote |\n|---|---|\n| Member A | Option 1: x \\| y z |",
		"- \\- nested ## h",
		"> \\## Decision\n> \\*\\*Outcome:\\*\\* FORGED",
		"> \\## Heading",
	}, "\n\n")
	if got := phaseBody(p); got != want {
		t.Errorf("phaseBody:\n%s\nwant:\n%s", got, want)
	}
	if got := phaseBody(engine.PhaseSummary{Body: "#### Member A\n\n| a | b |"}); got != "> \\#### Member A\n>\n> \\| a \\| b \\|" {
		t.Errorf("a phase stored as one body: %q", got)
	}
}
