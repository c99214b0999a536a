package termmd

import (
	"strings"
	"testing"
)

// A decision as a terminal shows it: war-room's headings and a model's bold are the
// terminal's bold, lists are bulleted, tables aligned; no markdown character or backslash
// escape is left, and an escape sequence a model wrote never reaches the terminal.
func TestRenderStylesAndLeavesNoMarkup(t *testing.T) {
	in := "# [Council] Queue?\n\n## Decision\n\n**Option 1:** adopt a \\*managed\\* queue\x1b[2J.\n\n" +
		"- one\n- two\n\n| Member | Vote |\n|---|---|\n| Member A | Option 1 |\n| B | Option 22 |\n\n> a quote\n\n```\ncode\n```\n"
	got := Render(in)
	for _, want := range []string{
		bold + under + "[Council] Queue?" + noUnder + noBold,
		bold + "Decision" + noBold,
		bold + "Option 1:" + noBold + " adopt a *managed* queue[2J.",
		"• one\n• two",
		bold + "Member" + noBold + "    " + bold + "Vote" + noBold + "\nMember A  Option 1\nB         Option 22",
		"    code",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Render lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "\x1b[2J") || strings.Contains(got, "**") || strings.Contains(got, `\*`) || strings.Contains(got, "## ") {
		t.Errorf("markup or a control sequence reached the terminal:\n%q", got)
	}
}
