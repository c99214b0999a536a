package discussions

import (
	"context"
	"testing"

	"github.com/war-room/war-room/engine/decision"
)

// Exports for the external tests (package discussions_test): they run the protocols, which
// this package must not import.

// Golden compares got with testdata/golden/<path>; UPDATE_GOLDEN=1 rewrites the file.
func Golden(t *testing.T, path, got string) { t.Helper(); wantGolden(t, path, got) }

// fakeRecord is what GitHub holds after a publish: the discussion and its comments, in order.
type fakeRecord struct {
	Title, Body string
	Comments    []Part
	Labels      []string
	// Answer names the comment marked as the answer ("" for none).
	Answer   string
	Warnings []string
}

// PublishToFake publishes d to a fresh fake repository with a question-and-answer category
// in which the labels exist, and returns what the fake then holds.
func PublishToFake(t *testing.T, d *decision.Decision, labels ...string) fakeRecord {
	t.Helper()
	w := newWorld(t, worldOpts{answerable: true})
	for _, l := range labels {
		w.f.AddLabel(testRepo, l)
	}
	res, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: d})
	if err != nil {
		t.Fatal(err)
	}
	got := byNumber(w.f.Discussions(testRepo), res.Number)
	rec := fakeRecord{Title: got.Title, Body: got.Body, Labels: got.Labels, Warnings: res.Warnings}
	for _, c := range w.f.Comments(got.ID) {
		m, _ := ParseMarker(c.Body)
		rec.Comments = append(rec.Comments, Part{Name: m.Part, Body: c.Body})
		if c.ID == got.AnswerID {
			rec.Answer = m.Part
		}
	}
	return rec
}
