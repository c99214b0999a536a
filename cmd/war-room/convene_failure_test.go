package main

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
)

// noDissent is a ruling with everything but the dissent record.
const noDissent = `  - role: arbiter
    match: 'Ruling\.'
    text: |
      SELECTED: Option 1
      ## Decision
      Queue.
      ## Rationale
      Retries.
      ## Trip-wires
      - Reopen if costs double.
`

// A ruling without a dissent record is sent back once, then the session fails: nothing on
// stdout, the reason and the way to resume on stderr. Once the arbiter answers properly,
// --resume asks only the arbiter again and prints the decision.
func TestConveneRulingWithoutDissentFailsThenResumes(t *testing.T) {
	c := newCouncilEnv(t, noDissent)
	res := c.run("convene", "--go", "Queue?", "--seed", "4")
	if res.code != exitFailure {
		t.Fatalf("exit %d, want %d\n%s", res.code, exitFailure, res.stderr)
	}
	if res.stdout != "" {
		t.Fatalf("a failed session printed a decision:\n%s", res.stdout)
	}
	for _, want := range []string{"the dissent record is mandatory", "contract, 2 attempt(s)", "no decision was made",
		"war-room convene --resume wr-"} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res.stderr)
		}
	}
	ss := c.sessions()
	if len(ss) != 1 || ss[0].Status != engine.StatusFailed {
		t.Fatalf("sessions: %+v", ss)
	}
	id := ss[0].ID
	before, _ := c.store().Ledger(context.Background(), id)

	fixed := councilEnvAt(t, c.dir, "", "")
	res = fixed.run("resume", id, "--json")
	if res.code != 0 {
		t.Fatalf("resume: exit %d\n%s", res.code, res.stderr)
	}
	var d decision.Decision
	if err := json.Unmarshal([]byte(res.stdout), &d); err != nil || len(d.Dissent) != 1 {
		t.Fatalf("decision after resume: %v\n%s", err, res.stdout)
	}
	after, _ := c.store().Ledger(context.Background(), id)
	for _, e := range after[len(before):] {
		if e.Role != "arbiter" {
			t.Errorf("the resume called %s again (step %s)", e.Role, e.Step)
		}
	}
	if n := len(after) - len(before); n != 1 {
		t.Errorf("the resume made %d calls, want the ruling alone", n)
	}
}

// A seat that cannot answer is a gap, named in the panel and the notes; the session goes on.
func TestConveneSeatFailureIsNamed(t *testing.T) {
	c := newCouncilEnv(t, "  - role: steward\n    match: 'Closing ballot'\n    error: transport\n")
	res := c.run("convene", "--go", "Queue?", "--seed", "4")
	if res.code != 0 {
		t.Fatalf("exit %d\n%s", res.code, res.stderr)
	}
	for _, want := range []string{"no answer: transport in Closing ballot", "(Steward · ", "produced nothing in Closing ballot (transport)",
		"| seat_failures | 1 |", "| ballots | 3 |"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, res.stdout)
		}
	}
}

// A budget ceiling that refuses every seat fails the session with low quorum, and stderr names
// the class, the role and the profile of each missing answer, as the ledger records them.
func TestConveneLowQuorumNamesTheClassOfEachMissingAnswer(t *testing.T) {
	c := newCouncilEnv(t, "")
	cfg, err := os.ReadFile(c.config)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(c.config, append(cfg, []byte("budget:\n  max_tokens: 10\n")...), 0o600); err != nil {
		t.Fatal(err)
	}
	res := c.run("convene", "--go", "Queue?", "--seed", "4")
	if res.code != exitFailure || res.stdout != "" {
		t.Fatalf("exit %d, stdout %q\n%s", res.code, res.stdout, res.stderr)
	}
	for _, want := range []string{"the standing team (profile coding-ratification) stopped in Blind positions: 0 seat(s) answered",
		"the Skeptic (Member ", "the Architect (Member ", "the Steward (Member ", "the Operations Lead (Member ", ": budget — ",
		"war-room convene --resume wr-"} {
		if !strings.Contains(res.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, res.stderr)
		}
	}
}
