package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/githubfake"
)

// TestActionWorkflowDispatch: a dispatched question deliberates with no issue. With an
// earlier decision on the topic and nobody to answer a gate, the prior-decision check only
// informs: the run still completes, names the earlier decision, and supersedes nothing.
func TestActionWorkflowDispatch(t *testing.T) {
	w, _, prior := gateWorld(t)
	ev := w.payload("workflow_dispatch", map[string]any{"inputs.question": gateQuestion})
	r := w.run("workflow_dispatch", ev, map[string]string{"question": gateQuestion}, nil)
	wantNoError(t, r)

	var d decision.Decision
	if err := json.Unmarshal([]byte(r.outputs["decision"]), &d); err != nil || d.SessionID != r.outputs["session-id"] {
		t.Fatalf("decision output: %v %q", err, r.outputs["decision"])
	}
	published := 0
	for _, disc := range w.f.Discussions(aRepo) {
		if disc.Number != prior && disc.Title != "Decision log" {
			published++
			if strings.Contains(disc.Body, "Supersedes") || !strings.HasSuffix(r.outputs["discussion-url"], fmt.Sprintf("/%d", disc.Number)) {
				t.Errorf("dispatched decision: %+v, url output %q", disc, r.outputs["discussion-url"])
			}
		}
	}
	if published != 1 {
		t.Errorf("%d decisions published, want 1", published)
	}
	for _, is := range w.f.Issues(aRepo) {
		if len(w.f.IssueComments(aRepo, is.Number)) != 0 {
			t.Errorf("a dispatched run commented on #%d", is.Number)
		}
	}
	// An annotation is defused as all published plain text is: its "#N" carries a joiner.
	if !strings.Contains(r.stdout, fmt.Sprintf("::warning::Earlier decisions that may be related: #\u200d%d", prior)) {
		t.Errorf("the related decision was not reported:\n%s", r.stdout)
	}
	if !strings.Contains(r.summary, "war-room · reason — done") || len(ledgerRows(t, r.db)) != 5 {
		t.Errorf("summary:\n%s", r.summary)
	}

	empty := w.payload("workflow_dispatch", map[string]any{"inputs.question": ""})
	if r := w.run("workflow_dispatch", empty, nil, nil); r.code != 2 || !strings.Contains(r.stdout, "question input is empty") {
		t.Errorf("no question: exit %d\n%s", r.code, r.stdout)
	}
}

// A re-run of a dispatched run whose decision is published (same run id, attempt 2) makes no
// model call: it reads the decision back from GitHub, checks it against its seal, completes
// what is missing — here a phase comment someone deleted — and says so.
func TestActionDispatchReRunCostsNothing(t *testing.T) {
	w, _, _ := gateWorld(t)
	ev := w.payload("workflow_dispatch", map[string]any{"inputs.question": gateQuestion})
	same := map[string]string{"GITHUB_RUN_ID": "7777"}
	first := w.run("workflow_dispatch", ev, map[string]string{"question": gateQuestion}, same)
	wantNoError(t, first)
	if n := len(ledgerRows(t, first.db)); n == 0 {
		t.Fatal("the first attempt made no call")
	}
	var disc githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if strings.HasSuffix(first.outputs["discussion-url"], fmt.Sprintf("/%d", d.Number)) {
			disc = d
		}
	}
	comments := w.f.Comments(disc.ID)
	var phase githubfake.DiscussionComment
	for _, c := range comments {
		if strings.Contains(c.Body, "part=phase:") {
			phase = c
			break
		}
	}
	w.f.DeleteComment(phase.ID)

	again := w.run("workflow_dispatch", ev, map[string]string{"question": gateQuestion},
		map[string]string{"GITHUB_RUN_ID": "7777", "GITHUB_RUN_ATTEMPT": "2"})
	wantNoError(t, again)
	if n := len(ledgerRows(t, again.db)); n != 0 {
		t.Errorf("the re-run made %d model call(s)", n)
	}
	if !strings.Contains(again.summary, "made no model call") || again.outputs["discussion-url"] != first.outputs["discussion-url"] {
		t.Errorf("summary:\n%s\noutputs %v", again.summary, again.outputs)
	}
	if got := len(w.f.Comments(disc.ID)); got != len(comments) {
		t.Errorf("%d comments after the re-run, want the %d the first attempt wrote", got, len(comments))
	}
}
