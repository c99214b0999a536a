package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/decision"
	wr "github.com/war-room/war-room/internal/github"
)

// The project's memory on the CLI: a session's proposals wait for review; an approved one
// reaches the next session's seat, fenced, with its source; an outcome a person records is
// approved as written; rejected and unreviewed items never reach a seat.
func TestMemoryReviewOnTheCLI(t *testing.T) {
	c := newCouncilEnv(t, skepticRemembering("[decision] KEEP-THIS: the queue's running cost was never measured.",
		"[decision] DROP-THIS: retries are rare.", "Redis is a poor fit."))
	first := c.run("convene", "--go", "--json", "--seed", "7", "Queue?")
	if first.code != 0 {
		t.Fatalf("exit %d\n%s", first.code, first.stderr)
	}
	if !strings.Contains(first.stderr, "memory: 2 item(s) proposed for review") || !strings.Contains(first.stderr, `dropped Member`) {
		t.Errorf("stderr does not report the proposals:\n%s", first.stderr)
	}
	review := c.run("memory", "review")
	ids := regexp.MustCompile(`(?m)^(m-[0-9a-f]+)\s+proposed\s+skeptic\s+(\S+)\s.*(KEEP|DROP)-THIS`).FindAllStringSubmatch(review.stdout, -1)
	if len(ids) != 2 {
		t.Fatalf("review lists:\n%s", review.stdout)
	}
	for _, m := range ids {
		verb := map[string]string{"KEEP": "approve", "DROP": "reject"}[m[3]]
		if res := c.run("memory", verb, m[1]); res.code != 0 {
			t.Fatalf("%s: %s", verb, res.stderr)
		}
	}
	var d decision.Decision
	json.Unmarshal([]byte(first.stdout), &d)
	// The old form, without what happened to the decision, is refused and names the new one.
	if res := c.run("memory", "outcome", d.SessionID, "OUTCOME-TEXT: spend doubled by March."); res.code != exitUsage ||
		!strings.Contains(res.stderr, "held, reversed or partly") {
		t.Fatalf("outcome without a verdict: exit %d\n%s", res.code, res.stderr)
	}
	if res := c.run("memory", "outcome", d.SessionID, "reversed", "OUTCOME-TEXT: spend doubled by March."); res.code != 0 {
		t.Fatalf("outcome: %s", res.stderr)
	}
	// One record: the decision's addendum, which verify covers and `decisions outcomes` lists.
	if res := c.run("verify", d.SessionID); res.code != 0 || !strings.Contains(res.stdout, "1 outcome(s) chained to it") {
		t.Fatalf("verify after the outcome: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	if res := c.run("decisions", "outcomes"); !regexp.MustCompile(d.SessionID + `\s+\S+\s+reversed\s`).MatchString(res.stdout) {
		t.Fatalf("decisions outcomes:\n%s%s", res.stdout, res.stderr)
	}
	if res := c.run("memory", "review"); !strings.Contains(res.stdout, "no proposal awaits review") {
		t.Errorf("after review:\n%s", res.stdout)
	}
	second := newCouncilEnvSharing(t, c)
	if res := second.run("convene", "--go", "--seed", "8", "Queue again?"); res.code != 0 {
		t.Fatalf("second: exit %d\n%s", res.code, res.stderr)
	}
	ss := second.sessions()
	ledger, _ := second.store().Ledger(t.Context(), ss[0].ID)
	sawMemory := false
	for _, e := range ledger {
		for _, in := range e.Inputs {
			if in == "memory" {
				sawMemory = true
			}
		}
	}
	if !sawMemory {
		t.Fatal("no seat of the second session was fed its memory")
	}
	opts := string(ss[0].Options)
	for _, want := range []string{"KEEP-THIS", "OUTCOME-TEXT"} {
		if !strings.Contains(opts, want) {
			t.Errorf("the second session's memory lacks %s", want)
		}
	}
	for _, never := range []string{"DROP-THIS", "Redis is a poor fit"} {
		if strings.Contains(opts, never) {
			t.Errorf("the second session was given %s", never)
		}
	}
}

// newCouncilEnvSharing is another session in the same project and state as c, whose seats
// propose nothing.
func newCouncilEnvSharing(t *testing.T, c *councilEnv) *councilEnv {
	t.Helper()
	n := councilEnvAt(t, t.TempDir(), "", "")
	n.db, n.dir = c.db, c.dir
	return n
}

// A standing-team session finished by `war-room resume` proposes its memory as one finished
// by convene does: the seat's proposal waits for review.
func TestResumedSessionProposesItsMemory(t *testing.T) {
	c := newCouncilEnv(t, skepticRemembering("[decision] RESUMED-ITEM: the queue's running cost was never measured.")+noDissent)
	if res := c.run("convene", "--go", "Queue?", "--seed", "4"); res.code != exitFailure {
		t.Fatalf("exit %d, want %d\n%s", res.code, exitFailure, res.stderr)
	}
	if res := c.run("memory", "review"); strings.Contains(res.stdout, "RESUMED-ITEM") {
		t.Fatalf("a failed session proposed memory:\n%s", res.stdout)
	}
	fixed := councilEnvAt(t, c.dir, "", "")
	res := fixed.run("resume", c.sessions()[0].ID)
	if res.code != 0 || !strings.Contains(res.stderr, "memory: 1 item(s) proposed for review") {
		t.Fatalf("resume: exit %d\n%s", res.code, res.stderr)
	}
	if res := fixed.run("memory", "review"); !strings.Contains(res.stdout, "RESUMED-ITEM") {
		t.Errorf("the resumed session's proposal is not awaiting review:\n%s", res.stdout)
	}
}

// The memory commands stamp items with the command's clock, not the wall clock, so a test
// (or a replay) that injects one sees its own time in the file.
func TestMemoryUsesTheInjectedClock(t *testing.T) {
	c := newCouncilEnv(t, "")
	at := time.Date(2031, 5, 6, 7, 8, 9, 0, time.UTC)
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: c.getenv, writes: wr.Options{Now: func() time.Time { return at }}}
	if code := run(context.Background(), e, []string{"memory", "--config", c.config, "--db", c.db, "constraint", "CLOCKED: the queue stays in one region."}); code != 0 {
		t.Fatalf("exit %d\n%s", code, errb.String())
	}
	res := c.run("memory", "list", "--json")
	if !strings.Contains(res.stdout, "CLOCKED") || !strings.Contains(res.stdout, "2031-05-06T07:08:09Z") {
		t.Errorf("the item is not stamped with the injected time:\n%s\n%s", res.stdout, res.stderr)
	}
}
