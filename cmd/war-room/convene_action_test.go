package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/githubfake"
)

// councilActionConfig is a repository configuration of five scripted vendors answering from
// the council script, publishing with no mutation spacing to wait out.
func councilActionConfig(t *testing.T) string { return councilActionConfigWith(t, "") }

// councilActionConfigWith is councilActionConfig with extra responses ahead of the script's.
func councilActionConfigWith(t *testing.T, extra string) string {
	script := filepath.Join(t.TempDir(), "council-script.yaml")
	text := strings.Replace(councilScript, "responses:\n", "responses:\n"+extra, 1)
	if err := os.WriteFile(script, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, p := range [][2]string{{"claude", "anthropic"}, {"gpt", "openai"}, {"gemini", "google"}, {"qwen", "qwen"}, {"glm", "zhipu"}} {
		fmt.Fprintf(&b, "  %s: {type: script, family: %s, model: %s-model, responses: %s}\n", p[0], p[1], p[0], script)
	}
	b.WriteString("github:\n  write_spacing: 1ms\n  progress:\n    throttle: 1s\n")
	return b.String()
}

// `/war-room convene` in an issue comment runs the standing team through the Action and
// publishes its decision, dissent included, like any other protocol.
func TestActionConvenePublishesTheCouncilsDecision(t *testing.T) {
	w := newActionWorld(t, councilActionConfig(t))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	body := "/war-room convene --go --rounds=1 Should billing move to a queue?"
	id := w.comment("alice", n, body)
	r := w.run("issue_comment", w.commentEvent("created", n, id, "alice", body), nil, nil)
	wantNoError(t, r)

	var published *githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if strings.HasPrefix(d.Title, "[Council] ") {
			published = &d
		}
	}
	if published == nil {
		t.Fatalf("no council discussion: %+v\nstderr:\n%s", w.f.Discussions(aRepo), r.stderr)
	}
	if !strings.Contains(published.Body, "(Skeptic · ") || !strings.Contains(published.Body, "cron is cheaper to run") {
		t.Errorf("the published decision lacks the attributed dissent:\n%s", published.Body)
	}
	if len(w.f.Comments(published.ID)) == 0 {
		t.Errorf("no phase comments on the council discussion")
	}
	st, ok := thread.ParseState(botComments(w, n)[0].Body)
	if !ok || st.Protocol != "council" || st.Status != thread.StatusCompleted {
		t.Errorf("progress state %+v (ok %v)", st, ok)
	}
	// The reply shows the footer with the link, as the record and the CLI do.
	bc := botComments(w, n)
	if body := bc[len(bc)-1].Body; !strings.Contains(body, "published") || !strings.Contains(body, " · 15 calls · 4 seats · 3 of 4 (3-1) · ") {
		t.Errorf("the reply lacks the footer:\n%s", body)
	}
	var d decision.Decision
	if err := json.Unmarshal([]byte(r.outputs["decision"]), &d); err != nil || d.Protocol != "council" || len(d.Dissent) != 1 {
		t.Errorf("decision output: %v %q", err, r.outputs["decision"])
	}
	if calls := ledgerRows(t, r.db); len(calls) != 15 {
		t.Errorf("%d provider calls, want 15 (triage, four seats × three, docket, ruling)", len(calls))
	}
	// The issue was fed to every seat as context, fenced.
	for _, e := range ledgerRows(t, r.db) {
		if !strings.Contains(strings.Join(e.Inputs, ","), "context:issue") {
			t.Errorf("call %s was not fed the issue: %v", e.Step, e.Inputs)
		}
	}
}

// The Action's store is gone when `/war-room proceed` starts the next job: the triage call
// the first job made rides in the thread's state, so triage runs once per command and the
// record and the call count hold it.
func TestActionConveneProceedCarriesTriage(t *testing.T) {
	w := newActionWorld(t, councilActionConfig(t))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")

	r1, _ := w.say("alice", n, "/war-room convene --rounds=1 Should billing move to a queue?")
	wantNoError(t, r1)
	st1, _ := progressState(t, w, n)
	first := ledgerRows(t, r1.db)
	if st1.Status != thread.StatusAwaiting || st1.Gate == nil || st1.Gate.Key != "confirm-roster" || len(first) != 1 || first[0].Step != "triage/call" {
		t.Fatalf("first run: state %+v, calls %+v; want the roster card's gate after triage alone", st1, first)
	}
	if st1.Carried == nil || st1.Carried.Calls() != 1 {
		t.Fatalf("the paused state carries %+v, want the triage call", st1.Carried)
	}

	r2, _ := w.say("alice", n, "/war-room proceed")
	wantNoError(t, r2)
	st2, _ := progressState(t, w, n)
	if st2.Status != thread.StatusCompleted || st2.Carried != nil {
		t.Fatalf("second run: state %+v\n%s", st2, r2.stderr)
	}
	calls := ledgerRows(t, r2.db)
	var triage []ledger.Entry
	for _, e := range calls {
		if e.Step == "triage/call" {
			triage = append(triage, e)
		}
	}
	if len(calls) != 15 || len(triage) != 1 || triage[0].PromptSHA256 != first[0].PromptSHA256 || !triage[0].StartedAt.Equal(first[0].StartedAt) {
		t.Errorf("second run's ledger: %d calls, triage %+v; want 15 with the first job's triage call, not a second one", len(calls), triage)
	}
	var published *githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if strings.HasPrefix(d.Title, "[Council] ") {
			published = &d
		}
	}
	if published == nil {
		t.Fatalf("no council discussion\n%s", r2.stderr)
	}
	for _, want := range []string{" · 15 calls · ", "1 call record(s) (1 answered) were made by an earlier job of this session"} {
		if !strings.Contains(published.Body, want) {
			t.Errorf("the decision lacks %q:\n%s", want, published.Body)
		}
	}
}
