package discussions

import (
	"context"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/githubfake"
)

func withDeferred(d *decision.Decision) *decision.Decision {
	d.Deferred = []decision.DeferredItem{
		{Title: "COA-B SQLite with litestream", Rationale: "Six Borda points; revisit if one writer is enough. cc @dba", Source: "rejected COA", SessionID: d.SessionID},
		{Title: "Export/import tool", Rationale: "The premortem says to test it against production state first.", Source: "dissent", SessionID: d.SessionID},
	}
	return d
}

func deferredIssues(w *world, session string) []githubfake.Issue {
	var out []githubfake.Issue
	for _, is := range w.f.Issues(testRepo) {
		if m, ok := ParseMarker(is.Body); ok && m.Session == session && strings.HasPrefix(m.Part, partDeferred) {
			out = append(out, is)
		}
	}
	return out
}

func TestDeferredIssues(t *testing.T) {
	w := newWorld(t, worldOpts{withLabels: true})
	d := withDeferred(loadDecision(t, "full_council"))
	res, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: d})
	if err != nil {
		t.Fatal(err)
	}
	got := deferredIssues(w, d.SessionID)
	if len(got) != 2 || len(res.Issues) != 2 {
		t.Fatalf("issues %+v, result %v", got, res.Issues)
	}
	for i, is := range got {
		if is.Author != botLogin || strings.Join(is.Labels, ",") != deferredLabel || !strings.HasPrefix(is.Title, "Deferred: ") {
			t.Errorf("issue %d: %+v", i, is)
		}
		if !strings.Contains(is.Body, "decision #"+fmtNumber(res.Number)) {
			t.Errorf("issue %d does not link the decision: %q", i, is.Body)
		}
	}
	if strings.Contains(got[0].Body, "@dba") {
		t.Error("a mention in a deferred item was published live")
	}
	if _, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: d}); err != nil {
		t.Fatal(err)
	}
	if n := len(deferredIssues(w, d.SessionID)); n != 2 {
		t.Errorf("%d issues after a re-run", n)
	}
	w.assertCleanCalls()
}

// An issue created but answered with a 502 is found again by its marker, not duplicated.
func TestDeferredIssueRetryDoesNotDuplicate(t *testing.T) {
	w := newWorld(t, worldOpts{withLabels: true})
	d := withDeferred(loadDecision(t, "full_council"))
	w.f.Inject(githubfake.Fault{Match: "POST /repos/{owner}/{repo}/issues", Nth: 2, Kind: githubfake.ServerError, Status: 502, Applied: true})
	if _, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: d}); err != nil {
		t.Fatal(err)
	}
	if n := len(deferredIssues(w, d.SessionID)); n != 2 {
		t.Errorf("%d issues, want 2", n)
	}
	w.assertCleanCalls()
}
