package main

import (
	"strings"
	"testing"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/protocols/council"
)

// In the Action, `/war-room convene` without --go posts the roster and estimate card with the
// reply commands and spends nothing on a seat; `/war-room proceed` starts the run that
// deliberates and publishes.
func TestActionPostsTheCardAndProceedRunsTheTeam(t *testing.T) {
	w := newActionWorld(t, councilActionConfig(t))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	r1, _ := w.say("alice", n, "/war-room convene Should billing move to a queue?")
	wantNoError(t, r1)
	st, _ := progressState(t, w, n)
	if st.Status != thread.StatusAwaiting || st.Gate == nil || st.Gate.Key != council.GateCard {
		t.Fatalf("first run state: %+v", st)
	}
	for _, e := range ledgerRows(t, r1.db) {
		if e.Role != council.Triage {
			t.Errorf("%s was called before the card was confirmed", e.Role)
		}
	}
	bc := botComments(w, n)
	reply := bc[len(bc)-1].Body
	// The card is war-room's own text: its roster table and estimate render as written, not
	// escaped inside a quote.
	for _, want := range []string{"\nThe standing team, as convened (profile coding-ratification):\n\n| Seat | Class | Profile | Model | Family | Effort |\n|---|",
		"\nEstimate: ~4 seats · ~15 calls", "`/war-room proceed`", "`/war-room cancel`"} {
		if !strings.Contains(reply, want) {
			t.Errorf("the card reply lacks %q:\n%s", want, reply)
		}
	}
	if strings.Contains(reply, `\~`) || strings.Contains(reply, `\|`) || strings.Contains(reply, "> | Seat") {
		t.Errorf("the card renders escaped or quoted:\n%s", reply)
	}
	r2, _ := w.say("alice", n, "/war-room proceed")
	wantNoError(t, r2)
	if st, _ := progressState(t, w, n); st.Status != thread.StatusCompleted {
		t.Fatalf("after proceed: %+v\n%s", st, r2.stderr)
	}
	published := false
	for _, d := range w.f.Discussions(aRepo) {
		published = published || strings.HasPrefix(d.Title, "[Council] ")
	}
	if !published {
		t.Fatal("no council decision was published after the card was confirmed")
	}
}

// A session that fails for want of answers says so on the thread by class, role and profile,
// as the CLI's stderr and the record do: a budget ceiling every prompt passes refuses each
// seat's call, and the reply names the profile the team was convened from and, for every
// missing answer, who it was, on which provider profile, and why.
func TestActionFailureNamesEveryMissingAnswerOnTheThread(t *testing.T) {
	w := newActionWorld(t, councilActionConfig(t)+"budget:\n  max_tokens: 10\n")
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	r, _ := w.say("alice", n, "/war-room convene --go Should billing move to a queue?")
	if st, _ := progressState(t, w, n); st.Status != thread.StatusFailed {
		t.Fatalf("state: %+v\n%s", st, r.stderr)
	}
	bc := botComments(w, n)
	reply := bc[len(bc)-1].Body
	for _, want := range []string{"budget", "the standing team (profile coding-ratification) stopped in Blind positions",
		"the Skeptic (Member ", "the Steward (Member ", "the Architect (Member ", "the Operations Lead (Member ", "on profile ", ": budget; "} {
		if !strings.Contains(reply, want) {
			t.Errorf("the failure reply lacks %q:\n%s", want, reply)
		}
	}
	for _, e := range ledgerRows(t, r.db) {
		if e.Outcome != ledger.OutcomeBudgetRefused {
			t.Errorf("%s was sent (%s) past the ceiling", e.Role, e.Outcome)
		}
	}
}
