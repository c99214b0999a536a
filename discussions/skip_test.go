package discussions

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Discussions disabled or the category missing: a clear reason, no write at all (never a
// category created), and a later publish once it is fixed still works.
func TestPublishSkipsWhenUnavailable(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    worldOpts
		want string
	}{
		{"disabled", worldOpts{disabled: true}, "Discussions are disabled in acme/widgets; nothing was published (the local record is kept). Enable them under the repository's Settings → General → Features"},
		{"no category", worldOpts{noCategory: true}, `acme/widgets has no discussion category "decisions" (its category slugs: general); nothing was published`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, tc.o)
			var warned []string
			p := w.publisher()
			p.Warn = func(m string) { warned = append(warned, m) }
			res, err := p.Publish(context.Background(), Request{Repo: w.repo, Decision: loadDecision(t, "express")})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.Skipped, tc.want) || len(warned) != 1 || res.Number != 0 {
				t.Errorf("skipped %q, warnings %v", res.Skipped, warned)
			}
			for _, c := range w.f.Calls() {
				if c.Mutation {
					t.Errorf("a write was sent: %v", c.Fields)
				}
			}
			if len(w.f.Discussions(testRepo)) != 0 {
				t.Error("something was published")
			}
		})
	}
}

// Missing labels are a warning; the publish goes on with the labels that exist.
func TestPublishMissingLabelsWarns(t *testing.T) {
	w := newWorld(t, worldOpts{})
	w.f.AddLabel(testRepo, "war-room")
	p := w.publisher()
	res, err := p.Publish(context.Background(), Request{Repo: w.repo, Decision: loadDecision(t, "full_council")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 1 || !strings.Contains(res.Warnings[0], "type-1b") || strings.Contains(res.Warnings[0], "storage") {
		t.Errorf("warnings %v (a missing type label is named; a missing topic label is not)", res.Warnings)
	}
	got := byNumber(w.f.Discussions(testRepo), res.Number)
	if strings.Join(got.Labels, ",") != "war-room" {
		t.Errorf("labels %v", got.Labels)
	}
	// A category that takes no answers gets no answer mutation.
	if len(w.f.CallsTo("markDiscussionCommentAsAnswer")) != 0 || got.AnswerID != "" || res.Answered {
		t.Error("an answer was marked in a category that is not answerable")
	}
	w.assertCleanCalls()
}

// A personal token has no login configured: the lookup asks `viewer` once.
func TestPublishWithPersonalToken(t *testing.T) {
	w := newWorld(t, worldOpts{withLabels: true})
	w.f.AddToken("pat", "alice")
	w.f.SetPermission(testRepo, "alice", "write")
	p := New(Options{GraphQLURL: w.f.GraphQLURL(), HTTPClient: w.f.Client("pat"), State: w.state, MutationSpacing: time.Second})
	p.Now, p.Sleep = w.clk.Now, w.clk.Sleep
	d := loadDecision(t, "express")
	if _, err := p.Publish(context.Background(), Request{Repo: w.repo, Decision: d}); err != nil {
		t.Fatal(err)
	}
	if p.Login != "alice" {
		t.Errorf("login %q", p.Login)
	}
	n := 0
	for _, dd := range w.f.Discussions(testRepo) {
		if m, ok := ParseMarker(dd.Body); ok && m.Session == d.SessionID && dd.Author == "alice" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d discussions by alice", n)
	}
	w.assertCleanCalls()
}
