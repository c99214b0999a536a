package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
)

func TestConvenePrintsTheDecisionWithItsDissent(t *testing.T) {
	c := newCouncilEnv(t, "")
	res := c.run("convene", "--go", "Should billing move to a queue?", "--seed", "7")
	if res.code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", res.code, res.stderr)
	}
	// The card comes first, in plain words.
	if !strings.HasPrefix(res.stdout, "Decided:       Option 1: Adopt a queue\nPanel:         3 of 4 (3-1)\n") {
		t.Errorf("stdout does not open with the card:\n%s", res.stdout)
	}
	for _, want := range []string{"# [Council] Should billing move to a queue?", "**Option 1: Adopt a queue**",
		"## Dissent", "(Skeptic · ", "): cron is cheaper to run.", "Reopen if queue spend exceeds",
		"## Panel", "Arbiter (external, no seat)", "| margin | 3 of 4 (3-1) |", "independence conforming", "| arbiter_path | clean |",
		"merkle root ", "scripted — not a model"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, res.stdout)
		}
	}
	for _, want := range []string{"Blind positions", "Docket", "Cross-examination, round 1", "Closing ballot", "Ruling"} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("progress on stderr lacks %q:\n%s", want, res.stderr)
		}
	}
}

// On a terminal the same decision opens with the card and is rendered: bold is the
// terminal's bold, and no markdown character or backslash escape is left for a reader.
func TestConveneOnATerminalIsRendered(t *testing.T) {
	c := newCouncilEnv(t, "")
	res := c.runOn(true, "convene", "--go", "Should billing move to a queue?", "--seed", "7")
	if res.code != 0 {
		t.Fatalf("exit %d\nstderr:\n%s", res.code, res.stderr)
	}
	if !strings.HasPrefix(res.stdout, "Decided:       Option 1: Adopt a queue\n") {
		t.Errorf("stdout does not open with the card:\n%s", res.stdout)
	}
	if !strings.Contains(res.stdout, "\x1b[1mOption 1: Adopt a queue\x1b[22m") {
		t.Errorf("the outcome's bold is not the terminal's:\n%q", res.stdout)
	}
	for _, markup := range []string{"**", "## ", "\\*", "|---|"} {
		if strings.Contains(res.stdout, markup) {
			t.Errorf("a terminal reader sees %q:\n%s", markup, res.stdout)
		}
	}
}

func TestConveneJSONIsTheStoredDecision(t *testing.T) {
	c := newCouncilEnv(t, "")
	res := c.run("convene", "--go", "Queue?", "--seed", "7", "--json", "--rounds", "2", "--seats", "architect,skeptic,economist")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	var d decision.Decision
	if err := json.Unmarshal([]byte(res.stdout), &d); err != nil {
		t.Fatalf("stdout is not a decision: %v\n%s", err, res.stdout)
	}
	stored, err := c.store().GetArtifact(context.Background(), d.SessionID, "decision.json")
	if err != nil {
		t.Fatal(err)
	}
	var s decision.Decision
	json.Unmarshal(stored, &s)
	if d.Protocol != "council" || d.MerkleRoot == "" || d.MerkleRoot != s.MerkleRoot || d.Seed != 7 ||
		d.Metrics["rounds"] != "2" || d.Metrics["seats"] != "3" || len(d.Dissent) != 1 {
		t.Fatalf("printed %+v\nstored root %s", d, s.MerkleRoot)
	}
	ledger, _ := c.store().Ledger(context.Background(), d.SessionID)
	if len(ledger) != 3*4+2+1 {
		t.Fatalf("%d calls, want 15 (three seats × four rounds of calls, docket, ruling, triage)", len(ledger))
	}
	if v := c.run("verify", d.SessionID); v.code != 0 || !strings.Contains(v.stdout, "OK") {
		t.Fatalf("verify: exit %d\n%s%s", v.code, v.stdout, v.stderr)
	}
}

func TestConveneSameSeedSameRoot(t *testing.T) {
	roots := map[string]bool{}
	for range 2 {
		c := newCouncilEnv(t, "")
		res := c.run("convene", "--go", "Queue?", "--seed", "11", "--json")
		var d decision.Decision
		if err := json.Unmarshal([]byte(res.stdout), &d); err != nil {
			t.Fatal(err, res.stderr)
		}
		roots[contributionsRoot(t, c.store(), d.SessionID)] = true
	}
	if len(roots) != 1 {
		t.Fatalf("two runs with --seed 11 reached different contributions roots: %v", roots)
	}
}

func TestConveneFeedsContextFilesFenced(t *testing.T) {
	c := newCouncilEnv(t, "")
	ctxFile := filepath.Join(c.dir, "billing.md")
	os.WriteFile(ctxFile, []byte("We already run Postgres 16."), 0o600)
	if res := c.run("convene", "--go", "Queue?", "--context", ctxFile, "--seed", "1"); res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	id := c.sessions()[0].ID
	ledger, _ := c.store().Ledger(context.Background(), id)
	for _, e := range ledger {
		if !strings.Contains(strings.Join(e.Inputs, ","), "context:"+ctxFile) {
			t.Fatalf("call %s/%s was not fed the context file: %v", e.Step, e.Role, e.Inputs)
		}
	}
	s, _ := c.store().GetSession(context.Background(), id)
	if text, ok := s.Input("context:" + ctxFile); !ok || text != "We already run Postgres 16." {
		t.Fatalf("context not stored verbatim: %q", text)
	}
}

// The dry run makes no session and no call, and shows exactly the seating the same seed gets.
func TestConveneDryRunShowsTheSeatingTheSeedGets(t *testing.T) {
	c := newCouncilEnv(t, "")
	res := c.run("convene", "Queue?", "--dry-run", "--seed", "7")
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	for _, want := range []string{"no session, no call", "seed 7", "4 seats · 1 cross-examination round(s) · 15 calls expected",
		"estimate: ~4 seats · ~15 calls in 6 rounds · est. ", "seed constant",
		"Arbiter", "Clerk", "arbiter path: clean"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("dry run lacks %q:\n%s", want, res.stdout)
		}
	}
	if n := len(c.sessions()); n != 0 {
		t.Fatalf("dry run created %d session(s)", n)
	}
	real := c.run("convene", "--go", "Queue?", "--seed", "7", "--json")
	var d decision.Decision
	if err := json.Unmarshal([]byte(real.stdout), &d); err != nil {
		t.Fatal(err, real.stderr)
	}
	for _, m := range d.Panel {
		title := strings.Fields(m.Role)[0] // "Arbiter (external, no seat)" is "Arbiter" in the table
		row := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(title) + `.*\b` + regexp.QuoteMeta(m.Profile) + `\s+` + regexp.QuoteMeta(m.Model))
		if !row.MatchString(res.stdout) {
			t.Errorf("the dry run does not seat %s on %s as the run did:\n%s", m.Role, m.Profile, res.stdout)
		}
	}
}

func TestConveneUsageErrors(t *testing.T) {
	c := newCouncilEnv(t, "")
	for name, args := range map[string][]string{
		"no question":         {},
		"two questions":       {"Q?", "R?"},
		"bad rounds":          {"Q?", "--rounds", "3"},
		"one seat":            {"Q?", "--seats", "skeptic"},
		"not a seat":          {"Q?", "--seats", "skeptic,arbiter"},
		"bad seed":            {"Q?", "--seed", "-1"},
		"resume and question": {"Q?", "--resume", "wr-x"},
		"missing context":     {"Q?", "--context", "/nonexistent/file"},
		"unknown session":     {"--resume", "wr-nope"},
	} {
		if res := c.run("convene", args...); res.code != exitUsage {
			t.Errorf("%s: exit %d, want %d\n%s", name, res.code, exitUsage, res.stderr)
		}
	}
	if n := len(c.sessions()); n != 0 {
		t.Fatalf("usage errors created %d session(s)", n)
	}
}

// With one vendor family the seats cannot span two families: convene refuses before any
// session or call, and says how to go on.
func TestConveneRefusesATeamOfOneFamily(t *testing.T) {
	c := newCouncilEnv(t, "")
	cfg := "version: 1\nproviders:\n  a: {type: script, family: anthropic, responses: " + c.script + "}\n" +
		"  b: {type: script, family: anthropic, responses: " + c.script + "}\n"
	os.WriteFile(c.config, []byte(cfg), 0o600)
	res := c.run("convene", "--go", "Q?")
	if res.code != exitUsage || !strings.Contains(res.stderr, "the seats cannot span two model families") ||
		!strings.Contains(res.stderr, "configure a profile of another family") {
		t.Fatalf("exit %d:\n%s", res.code, res.stderr)
	}
	if n := len(c.sessions()); n != 0 {
		t.Fatalf("%d session(s) created", n)
	}
}

func TestConveneResumeRefusesOtherProtocols(t *testing.T) {
	c := newCouncilEnv(t, "")
	s := &engine.Session{ID: "wr-reason000000001", Protocol: "reason", Inputs: []engine.Input{engine.NewInput("QUESTION", "Q?")}}
	if err := c.store().CreateSession(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	res := c.run("convene", "--resume", s.ID)
	if res.code != exitUsage || !strings.Contains(res.stderr, "is a reason session; use war-room resume") {
		t.Fatalf("exit %d:\n%s", res.code, res.stderr)
	}
}

// A mistyped id is a usage error that says where it looked, and the id once.
func TestConveneResumeOfAnUnknownSession(t *testing.T) {
	c := newCouncilEnv(t, "")
	res := c.run("convene", "--resume", "wr-nosuchsession")
	if res.code != exitUsage || !strings.Contains(res.stderr, "no session wr-nosuchsession in "+c.db) ||
		strings.Count(res.stderr, "wr-nosuchsession") != 1 {
		t.Fatalf("exit %d:\n%s", res.code, res.stderr)
	}
}
