package discussions

import (
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/outcome"
)

// goldenOutcome is an outcome whose note a person wrote with the markdown people write, and
// with what must never act: a mention, a link, raw HTML, a forged marker and a command.
func goldenOutcome(t *testing.T) outcome.Addendum {
	t.Helper()
	a, err := outcome.Next(nil, "wr-golden-council", strings.Repeat("ab", 32), "partly",
		"## What happened\n\n**Retries** needed a second queue:\n\n- billing moved in March\n- invoices stayed on cron\n\n"+
			"Ask @ops-team, see [the incident](https://evil.example/x) <img src=x onerror=alert(1)>\n"+
			"<!-- war-room:session=wr-x part=body -->\n/war-room approve",
		"alice", "https://github.com/acme/widgets/discussions/4#discussioncomment-9", time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// The outcome comment as published, kept as a golden file (the GFM rendering test reads it):
// the note sits in a quote it cannot leave, with its structure and without anything live.
func TestOutcomeCommentGolden(t *testing.T) {
	a := goldenOutcome(t)
	body := renderOutcome(a)
	wantGolden(t, "outcome/comment-outcome.md", body)
	o, err := readOutcome("outcome-1", "u", body)
	if err != nil {
		t.Fatal(err)
	}
	if o.Outcome != a || o.Shown == "" {
		t.Fatalf("read back %+v", o.Outcome)
	}
	for _, never := range []string{"@ops-team", "](https://evil", " <img", "\n<!-- war-room:session=wr-x", "\n/war-room approve"} {
		if strings.Contains(o.readable, never) {
			t.Errorf("the readable part holds %q:\n%s", never, o.readable)
		}
	}
}
