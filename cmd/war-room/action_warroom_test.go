package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/githubfake"
)

const warRoomQuestion = "Which queue should billing adopt?"

// warRoomConfig makes war-room the default protocol, on four scripted vendors whose every
// seat answers every phase within its contract (testdata/warroom/council.yaml).
func warRoomConfig(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, p := range [][2]string{{"claude", "anthropic"}, {"gemini", "google"}, {"glm", "zhipu"}, {"qwen", "qwen"}} {
		fmt.Fprintf(&b, "  %s: {type: script, family: %s, model: %s-model, responses: %s}\n",
			p[0], p[1], p[0], testdataPath(t, "../warroom/council.yaml"))
	}
	b.WriteString(`protocols:
  default: war-room
  war_room:
    timeouts: {expert: 5s, synthesis: 5s}
github:
  write_spacing: 1ms
  progress:
    throttle: 1s
`)
	return b.String()
}

// scriptedPhrases are lines of the panel's scripted answers, from the first phase to the
// synthesis: none may reach the issue thread, which shows progress, never content.
var scriptedPhrases = []string{"2k messages per second", "Reuse Postgres", "Kafka cluster", "Weak spot",
	"fell over under load", "Take the chosen option", "revisit self-hosting"}

// TestActionWarRoomDefaultProtocol: a bare `/war-room <question>` under protocols.default:
// war-room, on a repository that already holds a decision on the topic. The first run asks
// before any call; `/war-room proceed` re-creates the war-room session from the marker and
// runs all its phases to a published decision that supersedes the earlier one. The thread
// never shows model text, and a mention in the issue reaches no one.
func TestActionWarRoomDefaultProtocol(t *testing.T) {
	w := newActionWorld(t, warRoomConfig(t))
	w.f.AddLabel(aRepo, "type-1a")
	w.user("alice", "write")
	w.f.AddDiscussion(aRepo, githubfake.DiscussionSpec{Category: "decisions", Author: aBotLogin,
		Title: "[War Room] Which queue billing should adopt", Body: recordBody("wr-00000000000000b8", "Billing adopted a managed queue."),
		CreatedAt: time.Date(2026, 1, 10, 9, 0, 0, 0, time.UTC)})
	prior := w.f.Discussions(aRepo)[0].Number
	n := w.f.AddIssue(aRepo, 0, "Billing queue", "Billing needs a queue; @bob owns the service.", "alice")

	r1, _ := w.say("alice", n, "/war-room "+warRoomQuestion)
	wantNoError(t, r1)
	st1, progressID := progressState(t, w, n)
	if st1.Protocol != "war-room" || st1.Status != thread.StatusAwaiting || st1.Gate == nil || st1.Gate.Key != "prior-decision" {
		t.Fatalf("first run state: %+v", st1)
	}
	if calls := ledgerRows(t, r1.db); len(calls) != 0 {
		t.Errorf("the prior-decision gate came after %d calls; it must come before any", len(calls))
	}
	if bc := botComments(w, n); len(bc) != 2 || !strings.Contains(bc[1].Body, "`/war-room proceed`") ||
		!strings.Contains(bc[1].Body, fmt.Sprintf("`/war-room reaffirm #%d`", prior)) {
		t.Fatalf("want the progress comment and a reply with the exact commands, got %+v", bc)
	}

	r2, reply := w.say("alice", n, "/war-room proceed")
	wantNoError(t, r2)
	st2, id2 := progressState(t, w, n)
	if id2 != progressID || st2.Session != st1.Session || st2.Seed != st1.Seed || st2.Status != thread.StatusCompleted ||
		st2.Protocol != "war-room" || st2.Discussion == "" {
		t.Fatalf("second run: progress %d→%d, state %+v", progressID, id2, st2)
	}
	if got := reactionsOn(w, n, reply); !slices.Equal(got, []string{"eyes", "rocket"}) {
		t.Errorf("reactions on the reply: %v", got)
	}

	calls := ledgerRows(t, r2.db)
	families := map[string]bool{}
	for _, c := range calls {
		families[c.Family] = true
		if c.Outcome != "ok" {
			t.Errorf("call %s/%s: %s", c.Step, c.Role, c.Outcome)
		}
	}
	if len(families) != 4 || len(calls) < 20 {
		t.Errorf("%d calls over families %v; want a full panel over the four vendors", len(calls), families)
	}
	bc := botComments(w, n)
	if rows := strings.Count(bc[0].Body, "| done in "); rows != len(calls) {
		t.Errorf("the progress table shows %d finished calls, the ledger has %d:\n%s", rows, len(calls), bc[0].Body)
	}
	for _, c := range bc {
		for _, p := range append(slices.Clone(scriptedPhrases), "@bob") {
			if strings.Contains(c.Body, p) {
				t.Errorf("a bot comment on the thread shows %q:\n%s", p, c.Body)
			}
		}
	}
	if last := shownText(bc[len(bc)-1].Body); last != "@alice The decision is published: "+st2.Discussion {
		t.Errorf("final reply: %q", last)
	}

	wantWarRoomDiscussion(t, w, prior, st2)
	var d decision.Decision
	if err := json.Unmarshal([]byte(r2.outputs["decision"]), &d); err != nil || d.Protocol != "war-room" ||
		d.SessionID != st2.Session || d.MerkleRoot == "" || len(d.Alternatives) == 0 {
		t.Errorf("decision output: %v %.300q", err, r2.outputs["decision"])
	}
	if r2.outputs["session-id"] != st2.Session || r2.outputs["discussion-url"] != st2.Discussion {
		t.Errorf("outputs: session %q discussion %q", r2.outputs["session-id"], r2.outputs["discussion-url"])
	}
	for _, want := range []string{"## war-room · war-room — done", "Take the chosen option", st2.Discussion, st2.Session} {
		if !strings.Contains(r2.summary, want) {
			t.Errorf("job summary lacks %q:\n%s", want, r2.summary)
		}
	}
}

// wantWarRoomDiscussion checks the one new decision: the war-room record, its phases as the
// bot's comments, its labels, and the link to the decision it supersedes.
func wantWarRoomDiscussion(t *testing.T, w *actionWorld, prior int, st thread.State) {
	t.Helper()
	var fresh []githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if d.Number != prior && d.Title != "Decision log" {
			fresh = append(fresh, d)
		}
	}
	if len(fresh) != 1 {
		t.Fatalf("%d new decision discussions, want 1: %+v", len(fresh), fresh)
	}
	d := fresh[0]
	if !strings.HasSuffix(st.Discussion, fmt.Sprintf("/discussions/%d", d.Number)) || d.Title != "[War Room] "+warRoomQuestion ||
		!slices.Contains(d.Labels, "war-room") || !slices.Contains(d.Labels, "type-1a") {
		t.Errorf("decision discussion #%d %q labels %v (state says %s)", d.Number, d.Title, d.Labels, st.Discussion)
	}
	for _, want := range []string{fmt.Sprintf("Supersedes:** #%d", prior), "## Reversibility", "## Alternatives considered",
		"## Dissent", "We should revisit self-hosting", st.Session} {
		if !strings.Contains(d.Body, want) {
			t.Errorf("decision body lacks %q:\n%s", want, d.Body)
		}
	}
	if strings.Contains(d.Body, "@bob") {
		t.Errorf("the decision mentions @bob:\n%s", d.Body)
	}
	comments := w.f.Comments(d.ID)
	if len(comments) < 4 || d.AnswerID == "" {
		t.Errorf("%d phase comments, answer %q; want the phases, one marked as the answer", len(comments), d.AnswerID)
	}
	for _, c := range comments {
		if c.Author != aBotLogin {
			t.Errorf("phase comment by %s", c.Author)
		}
	}
}

// TestActionContractFailureShowsNoModelText: a contract violation's message quotes the answer
// that broke the format. The thread gets 😕 and the class, never that quote; the run's log
// and job summary keep the full message for whoever looks into it.
func TestActionContractFailureShowsNoModelText(t *testing.T) {
	const quirk = "ZEBRAPLAN"
	broken := councilWith(t, "  - role: chief-strategist\n    match: 'Phase 0\\.'\n    text: |\n"+
		"      REVERSAL_COST: "+quirk+" - weeks\n      TIME_LOCK_IN: 4 - x\n      BLAST_RADIUS: 4 - x\n"+
		"      INFORMATION_LOSS: 3 - x\n      REPUTATION_IMPACT: 3 - x\n")
	w := newActionWorld(t, strings.ReplaceAll(warRoomConfig(t), testdataPath(t, "../warroom/council.yaml"), broken))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing queue", "Billing needs a queue.", "alice")

	r, id := w.say("alice", n, "/war-room "+warRoomQuestion)
	if r.code != 1 {
		t.Fatalf("a failed session exits %d, want 1\n%s", r.code, r.stderr)
	}
	if got := reactionsOn(w, n, id); !slices.Equal(got, []string{"eyes", "confused"}) {
		t.Errorf("reactions: %v", got)
	}
	bc := botComments(w, n)
	if len(bc) != 2 || !strings.Contains(bc[1].Body, "The session failed (contract)") || !strings.Contains(bc[1].Body, "/actions/runs/") {
		t.Fatalf("want the progress comment and a reply naming the class and the run, got %+v", bc)
	}
	for _, c := range bc {
		if strings.Contains(c.Body, quirk) {
			t.Errorf("the thread shows the model's text %q:\n%s", quirk, c.Body)
		}
	}
	if !strings.Contains(r.summary, quirk) || !strings.Contains(r.stdout, "::error::") || !strings.Contains(r.stdout, quirk) {
		t.Errorf("the job summary and the log lose the detail:\n%s\n%s", r.summary, r.stdout)
	}
}

// TestActionDispatchDeliberate: the protocol input takes the words a comment would use, so
// a dispatched "deliberate" runs the war-room protocol.
func TestActionDispatchDeliberate(t *testing.T) {
	w := newActionWorld(t, strings.Replace(warRoomConfig(t), "default: war-room", "default: reason", 1))
	w.f.AddLabel(aRepo, "type-1a")
	ev := w.payload("workflow_dispatch", map[string]any{"inputs.question": warRoomQuestion})
	r := w.run("workflow_dispatch", ev, map[string]string{"question": warRoomQuestion, "protocol": "deliberate"}, nil)
	wantNoError(t, r)
	var d decision.Decision
	if err := json.Unmarshal([]byte(r.outputs["decision"]), &d); err != nil || d.Protocol != "war-room" || r.outputs["discussion-url"] == "" {
		t.Fatalf("decision output %v %.200q\n%s", err, r.outputs["decision"], r.stdout)
	}
	if !strings.Contains(r.summary, "## war-room · war-room — done") {
		t.Errorf("summary:\n%s", r.summary)
	}
}

// TestActionWarRoomAgentTeams: `/war-room --agent-teams --mode=full …` in a comment runs the
// exchanges on the fake GitHub: the red team's question and the author's answer are calls of
// the record, their text reaches the published Discussion's Phase 4 comment attributed (the
// synthesis has unsealed the panel), and no prompt before the synthesis names a seat.
func TestActionWarRoomAgentTeams(t *testing.T) {
	script := councilWith(t, "  - role: red-team\n    match: 'Phase 4, questions to the authors'\n    text: |\n"+
		"      - Response B: What load did you plan for? QMARK-B\n"+
		"  - match: 'Phase 4, a question about your course of action'\n    text: |\n      We planned for 2k messages a second. AMARK-B\n")
	w := newActionWorld(t, strings.ReplaceAll(warRoomConfig(t), testdataPath(t, "../warroom/council.yaml"), script))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing queue", "Billing needs a queue.", "alice")

	r, _ := w.say("alice", n, "/war-room --agent-teams --mode=full "+warRoomQuestion)
	wantNoError(t, r)
	st, _ := progressState(t, w, n)
	if st.Status != thread.StatusCompleted || st.Flags["agent-teams"] != "true" {
		t.Fatalf("state %+v\n%s", st, r.stderr)
	}
	steps := map[string]int{}
	for _, e := range ledgerRows(t, r.db) {
		steps[strings.SplitN(e.Step, "/", 2)[0]]++
	}
	if steps["p4-questions"] != 1 || steps["p4-answers"] != 1 {
		t.Errorf("ledger steps %v: want the red team's question call and one answer", steps)
	}
	var phase4 string
	for _, d := range w.f.Discussions(aRepo) {
		for _, c := range w.f.Comments(d.ID) {
			if strings.Contains(c.Body, "part=phase:red-team -->") {
				phase4 = c.Body
			}
		}
	}
	for _, want := range []string{"Question on Response B — Red Team Commander", "QMARK-B", "Answer on Response B — ", "AMARK-B"} {
		if !strings.Contains(phase4, want) {
			t.Errorf("the Phase 4 comment lacks %q:\n%s", want, phase4)

		}
	}
}
