package main

import (
	"slices"
	"strings"
	"testing"
)

// sortedUsage sorts the rows of the usage table, which lists profiles in the order their
// first call finished: parallel calls finish in any order.
func sortedUsage(md string) string {
	head, rest, ok := strings.Cut(md, "## Usage per provider profile\n\n")
	if !ok {
		return md
	}
	table, tail, _ := strings.Cut(rest, "\n\n")
	rows := strings.Split(table, "\n")
	slices.Sort(rows[2:])
	return head + "## Usage per provider profile\n\n" + strings.Join(rows, "\n") + "\n\n" + tail
}

// sealed is a blind position whose words appear nowhere else in the session, so that the
// test can tell exactly when its content first reaches stderr; it drafts the provisional
// intent the steward's position needs (the other seats' positions may carry it too).
const sealed = `  - match: 'Blind round'
    text: |
      ## Position
      SEALED-POSITION-TEXT move billing to a queue.
      ## Grounds
      - retries pile up at night
      ## Risks
      - NONE_FOUND: checked the load numbers
      ## Provisional intent
      - Billing jobs stop failing at night.
      - The change can be rolled back within a day.
`

// What --narrate quiet and full print, stdout and stderr, as golden files. Every call reports
// a scripted millisecond, so the footer's time is the same on every machine.
func TestConveneNarrationGolden(t *testing.T) {
	for _, level := range []string{"quiet", "full"} {
		t.Run(level, func(t *testing.T) {
			c := councilEnvAt(t, t.TempDir(), sealed, "1ms")
			res := c.run("convene", "--go", "--narrate", level, "--seed", "7", "Should billing move to a queue?")
			if res.code != 0 {
				t.Fatalf("exit %d\n%s", res.code, res.stderr)
			}
			got := "$ war-room convene --go --narrate " + level + " --seed 7 \"Should billing move to a queue?\"\n" +
				"--- stderr\n" + res.stderr + "--- stdout\n" + sortedUsage(res.stdout)
			wantGoldenIn(t, "council", "narrate_"+level+".golden", maskHex(got))
		})
	}
}

// Under every level, no seat's words reach stderr before the reveal: while blind positions
// run, stderr counts them in and says nothing of what they say; quiet never shows them.
func TestNoSeatContentBeforeTheReveal(t *testing.T) {
	for _, level := range []string{"quiet", "digest", "full"} {
		c := councilEnvAt(t, t.TempDir(), sealed, "1ms")
		res := c.run("convene", "--go", "--narrate", level, "--seed", "7", "Should billing move to a queue?")
		if res.code != 0 {
			t.Fatalf("%s: exit %d\n%s", level, res.code, res.stderr)
		}
		at, reveal := strings.Index(res.stderr, "SEALED-POSITION-TEXT"), strings.Index(res.stderr, "Reveal:")
		switch {
		case level == "quiet" && at >= 0:
			t.Errorf("quiet shows a blind position on stderr:\n%s", res.stderr)
		case level != "quiet" && (reveal < 0 || at < reveal):
			t.Errorf("%s: a blind position reaches stderr at %d, before the reveal at %d:\n%s", level, at, reveal, res.stderr)
		case level != "quiet" && !strings.Contains(res.stderr[:reveal], "4/4 in"):
			t.Errorf("%s: the blind phase is not counted in before the reveal:\n%s", level, res.stderr[:reveal])
		}
		if level != "quiet" && strings.Contains(res.stderr[:max(reveal, 0)], "the load figure is a guess") {
			t.Errorf("%s: a cross-examination reaches stderr before its round is over", level)
		}
	}
}
