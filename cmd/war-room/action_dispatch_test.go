package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
)

// TestActionWorkflowDispatch: a dispatched question deliberates with no issue. With an
// earlier decision on the topic and nobody to answer a gate, the prior-decision check only
// informs: the run still completes, names the earlier decision, and supersedes nothing.
func TestActionWorkflowDispatch(t *testing.T) {
	w, _, prior := gateWorld(t)
	ev := w.payload("workflow_dispatch", map[string]any{"inputs.question": gateQuestion})
	r := w.run("workflow_dispatch", ev, map[string]string{"question": gateQuestion}, nil)
	wantNoError(t, r)

	var d engine.Decision
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
	if !strings.Contains(r.summary, "war-room · reason — done") || len(ledger(t, r.db)) != 5 {
		t.Errorf("summary:\n%s", r.summary)
	}

	empty := w.payload("workflow_dispatch", map[string]any{"inputs.question": ""})
	if r := w.run("workflow_dispatch", empty, nil, nil); r.code != 2 || !strings.Contains(r.stdout, "question input is empty") {
		t.Errorf("no question: exit %d\n%s", r.code, r.stdout)
	}
}
