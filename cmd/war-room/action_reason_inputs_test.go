package main

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/store"
	"github.com/war-room/war-room/protocols/reason"
)

// reasonSession is the one session of a run's state file, with its ledger.
func reasonSession(t *testing.T, db string) (*engine.Session, []ledger.Entry) {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ss, err := st.ListSessions(context.Background(), "", 0)
	if err != nil || len(ss) != 1 {
		t.Fatalf("want one session, have %d (%v)", len(ss), err)
	}
	s, err := st.GetSession(context.Background(), ss[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	l, err := st.Ledger(context.Background(), s.ID)
	if err != nil {
		t.Fatal(err)
	}
	return s, l
}

// On GitHub, a /war-room reason comment keeps the chain's inputs apart by its sections: the
// Position section's text is the caller position, which reaches exactly one model call, the
// attacker's; Facts and the issue's text are facts, Constraints constraints. The disclosure on
// the thread says where the position goes. With --seed 7 the same comment, run twice, draws
// the same role assignment.
func TestReasonCommentKeepsThePositionForTheAttacker(t *testing.T) {
	const position = "I am sure a queue is overkill here."
	body := "/war-room reason --seed 7 Should billing move to a queue?\n" +
		"Facts:\nBilling does 40 writes a second at peak.\n" +
		"**Constraints:** no new infrastructure this quarter.\n" +
		"Position:\n" + position + "\n"
	var roles [][]string
	for range 2 {
		w := newActionWorld(t, reasonConfig(t, ""))
		w.user("alice", "write")
		n := w.f.AddIssue(aRepo, 0, "Billing queue", "We run three services.", "alice")
		r, _ := w.say("alice", n, body)
		wantNoError(t, r)
		s, entries := reasonSession(t, r.db)

		in := map[string]string{}
		for _, i := range s.Inputs {
			in[i.Name] = i.Text
		}
		if in[reason.InputCallerPosition] != position {
			t.Fatalf("caller position %q, want %q", in[reason.InputCallerPosition], position)
		}
		if !strings.Contains(in[reason.InputFacts], "40 writes a second") || !strings.Contains(in[reason.InputFacts], "We run three services.") {
			t.Fatalf("facts: %q", in[reason.InputFacts])
		}
		if in[reason.InputConstraints] != "no new infrastructure this quarter." {
			t.Fatalf("constraints: %q", in[reason.InputConstraints])
		}
		for name, text := range in {
			if name != reason.InputCallerPosition && strings.Contains(text, position) {
				t.Fatalf("the position leaked into %s: %q", name, text)
			}
		}
		// A call's prompt is built from its named inputs alone: the calls that name the
		// caller position are the ones that received its text.
		var got []string
		for _, e := range entries {
			if slices.Contains(e.Inputs, reason.InputCallerPosition) {
				got = append(got, e.Role)
			}
		}
		if len(got) != 1 || got[0] != "attacker" {
			t.Fatalf("the position reached %v, want exactly one call, the attacker's", got)
		}
		if s.SeedSource != "--seed" || s.Seed != 7 {
			t.Fatalf("seed %d from %q", s.Seed, s.SeedSource)
		}
		var said bool
		for _, c := range botComments(w, n) {
			said = said || strings.Contains(c.Body, "POSITION goes to the attacker only; every other role works without it.")
		}
		if !said {
			t.Fatalf("the thread's disclosure does not say where the position goes:\n%v", botComments(w, n))
		}
		var assignment []string
		for _, e := range entries {
			assignment = append(assignment, e.Role+"="+e.Profile)
		}
		slices.Sort(assignment) // which role sits where, not the order calls of one round answered in
		roles = append(roles, assignment)
	}
	if !slices.Equal(roles[0], roles[1]) {
		t.Fatalf("--seed 7 twice drew two assignments:\n%v\n%v", roles[0], roles[1])
	}
}
