package discussions

import (
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
)

// War-room's parts render as structure with the values others chose in them made phrases;
// a member's answer is rendered as its author wrote it inside its own collapsed <details>,
// with war-room's one-line summary of the answers above; a model's heading is never a
// heading; a kind this binary does not know is model text.
func TestPhaseBlocksKeepStructureAndRenderModelText(t *testing.T) {
	p := decision.PhaseSummary{Parts: []decision.PhasePart{
		decision.HeadingPart("Member A (Chief · m)"),
		decision.QuotePart("## Position\nAdopt the **queue** for billing jobs now. More later.\n\n- one\n- two"),
		decision.HeadingPart("Member B <b>x</b> @octocat"),
		decision.QuotePart("Keep cron; it works well enough today."),
		decision.TextPart("Round 1: 3 ballot(s).\n\n  Tie between A and B.\n# not a heading"),
		decision.TablePart([]string{"Member", "Vote"}, [][]string{{"Member A", "Option 1: x | y\nz"}}),
		decision.ItemsPart([]string{"- nested\n## h"}),
		{Kind: "future-kind", Text: "## Heading\ntext"},
	}}
	want := []string{
		"- **Member A (Chief · m)**: Adopt the queue for billing jobs now.\n" +
			"- **Member B x @\u200doctocat**: Keep cron; it works well enough today.",
		"<details><summary><b>Member A (Chief · m)</b> — Adopt the queue for billing jobs now.</summary>\n\n" +
			"**Position**\n\nAdopt the **queue** for billing jobs now. More later.\n\n- one\n- two\n\n</details>",
		"<details><summary><b>Member B &lt;b&gt;x&lt;/b&gt; @\u200doctocat</b> — Keep cron; it works well enough today.</summary>\n\n" +
			"Keep cron; it works well enough today.\n\n</details>",
		"Round 1: 3 ballot(s).\nTie between A and B.\nnot a heading",
		"| Member | Vote |\n|---|---|\n| Member A | Option 1: x \\| y z |",
		"- nested h",
		"<details><summary><b>The answer in full</b> — text</summary>\n\n**Heading**\n\ntext\n\n</details>",
	}
	got := phaseBlocks(p)
	if strings.Join(got, "\n\n") != strings.Join(want, "\n\n") {
		t.Errorf("phaseBlocks:\n%s\n\nwant:\n%s", strings.Join(got, "\n\n"), strings.Join(want, "\n\n"))
	}
	if got := phaseBlocks(decision.PhaseSummary{Body: "#### Member A\n\n| a | b |"}); strings.Join(got, "|") != "**Member A**\n\n\\| a \\| b \\|" {
		t.Errorf("a phase stored as one body: %q", got)
	}
}
