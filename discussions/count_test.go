package discussions

import (
	"context"
	"testing"
)

// A full publish costs the lookup, one listing of the category and one request per write;
// a finished publish costs nothing, even from a new process over the same state.
func TestPublishRequestCount(t *testing.T) {
	w := newWorld(t, worldOpts{answerable: true, withLabels: true})
	d := loadDecision(t, "full_council")
	p := w.publisher()
	ctx := context.Background()
	if _, err := p.Publish(ctx, Request{Repo: w.repo, Decision: d}); err != nil {
		t.Fatal(err)
	}
	// create + 5 comments + labels + answer + decision log = 9 writes.
	writes := 0
	for _, c := range w.f.Calls() {
		if c.Mutation {
			writes++
		}
	}
	if writes != 9 || len(w.f.Calls()) != 2+writes || p.Requests() != len(w.f.Calls()) {
		t.Errorf("full publish: %d requests (%d writes), want 2 reads + 9 writes", len(w.f.Calls()), writes)
	}
	before := len(w.f.Calls())
	if _, err := p.Publish(ctx, Request{Repo: w.repo, Decision: d}); err != nil {
		t.Fatal(err)
	}
	res, err := w.publisher().Publish(ctx, Request{Repo: w.repo, Decision: d})
	if err != nil || res.Number == 0 {
		t.Fatalf("re-run: %v %+v", err, res)
	}
	// A finished publish is recognised with one lookup per call (GitHub, not memory, says it
	// is still there) and no write.
	for _, c := range w.f.Calls()[before:] {
		if c.Mutation {
			t.Errorf("re-running a finished publish wrote: %+v", c)
		}
	}
	if n := len(w.f.Calls()) - before; n != 2 {
		t.Errorf("re-running a finished publish twice sent %d requests, want one lookup each", n)
	}
	// A second decision from the same publisher reuses the cached lookup: one listing
	// plus its writes (create, 2 comments, labels, answer, log update).
	before = len(w.f.Calls())
	if _, err := p.Publish(ctx, Request{Repo: w.repo, Decision: loadDecision(t, "express")}); err != nil {
		t.Fatal(err)
	}
	if n := len(w.f.Calls()) - before; n != 1+6 {
		t.Errorf("warm publish: %d requests, want 1 read + 6 writes", n)
	}
	w.assertCleanCalls()
}

// A publish whose memory says "done" asks GitHub first: a discussion deleted since is
// published again rather than reported as published.
func TestAFinishedPublishIsCheckedOnGitHub(t *testing.T) {
	w := newWorld(t, worldOpts{answerable: true, withLabels: true})
	ctx := context.Background()
	d := loadDecision(t, "full_council")
	first, err := w.publisher().Publish(ctx, Request{Repo: w.repo, Decision: d})
	if err != nil {
		t.Fatal(err)
	}
	w.f.DeleteDiscussion(testRepo, first.Number)
	again, err := w.publisher().Publish(ctx, Request{Repo: w.repo, Decision: d})
	if err != nil {
		t.Fatal(err)
	}
	if again.Number == first.Number || again.Number == 0 {
		t.Fatalf("published #%d again as #%d", first.Number, again.Number)
	}
	if n := len(w.f.Discussions(testRepo)); n != 2 { // the decision and the decision log
		t.Errorf("%d discussions after re-publishing, want the decision and the log", n)
	}
}
