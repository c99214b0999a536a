package discussions

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/shurcooL/githubv4"
)

// Every kind of document the package sends validates against GitHub's schema (the fake
// refuses anything else): a publish with every step, the prior search, a reaffirmation, the
// browsing queries, and the lookup that asks for `viewer`.
func TestEveryDocumentValidates(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t, worldOpts{answerable: true, withLabels: true, topicLabels: true})
	w.seedDecision(1, "wr-0000000000000001", "Keep session state in SQLite, not PostgreSQL", "2")
	w.seedLog([]DecisionRow{{Number: 1, Title: "[War Room] Keep session state in SQLite, not PostgreSQL", Class: "type 2", Date: "2026-03-03", Status: "active"}})
	p := w.publisher()
	d := withDeferred(loadDecision(t, "full_council"))
	res, err := p.Publish(ctx, Request{Repo: w.repo, Decision: d, Supersedes: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.FindPrior(ctx, w.repo, priorQuestion); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Reaffirm(ctx, ReaffirmRequest{Repo: w.repo, Number: res.Number, SessionID: "wr-00000000000000b1", Question: "again?"}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Decisions(ctx, w.repo); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Show(ctx, w.repo, 1); err != nil {
		t.Fatal(err)
	}
	w.f.AddToken("pat", "alice")
	personal := New(Options{GraphQLURL: w.f.GraphQLURL(), HTTPClient: w.f.Client("pat")})
	if _, err := personal.Decisions(ctx, w.repo); err != nil {
		t.Fatal(err)
	}
	w.assertCleanCalls()
	var fields []string
	for _, c := range w.f.Calls() {
		fields = append(fields, c.Fields...)
	}
	for _, want := range []string{"repository", "viewer", "search", "createDiscussion", "addDiscussionComment",
		"updateDiscussion", "addLabelsToLabelable", "markDiscussionCommentAsAnswer"} {
		if !slices.Contains(fields, want) {
			t.Errorf("no %s document was exercised", want)
		}
	}
}

// A document GitHub refuses is a permanent failure carrying GitHub's message, never a
// silent success and never retried.
func TestRefusedDocumentIsPermanent(t *testing.T) {
	w := newWorld(t, worldOpts{})
	p := w.publisher()
	defer p.begin()()
	var bad struct {
		Repository struct{ Nmae string } `graphql:"repository(owner: $owner, name: $name)"`
	}
	err := p.c.query(context.Background(), "repository", &bad, map[string]any{"owner": githubv4.String("acme"), "name": githubv4.Int(3)})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Kind != permanent || retryable(err) {
		t.Fatalf("err %v", err)
	}
	if msg := strings.Join(ae.Messages, "; "); !strings.Contains(msg, "nmae") && !strings.Contains(msg, "Int") {
		t.Errorf("GitHub's message was lost: %q", msg)
	}
}
