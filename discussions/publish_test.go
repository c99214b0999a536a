package discussions

import (
	"context"
	"strings"
	"testing"
)

func TestPublishFull(t *testing.T) {
	w := newWorld(t, worldOpts{answerable: true, withLabels: true, topicLabels: true})
	d := loadDecision(t, "full_council")
	res, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: d})
	if err != nil {
		t.Fatal(err)
	}
	ds := w.f.Discussions(testRepo)
	bodies := ours(ds, d.SessionID, partBody)
	if len(bodies) != 1 {
		t.Fatalf("%d decision discussions, want 1", len(bodies))
	}
	got := bodies[0]
	r := Render(d, RenderOptions{})
	if got.Body != r.Body || got.Title != r.Title || got.Number != res.Number || got.Category != "decisions" {
		t.Errorf("published discussion differs from the rendering: #%d %q in %s", got.Number, got.Title, got.Category)
	}
	var want []string
	for _, c := range r.Comments {
		want = append(want, d.SessionID+"/"+c.Name)
	}
	if parts := w.commentParts(got.ID); strings.Join(parts, " ") != strings.Join(want, " ") {
		t.Errorf("comments %v, want %v", parts, want)
	}
	if labels := strings.Join(got.Labels, ","); labels != "war-room,type-1b,storage" {
		t.Errorf("labels %q", labels)
	}
	comments := w.f.Comments(got.ID)
	if last := comments[len(comments)-1]; got.AnswerID != last.ID || !res.Answered {
		t.Errorf("the synthesis comment is not the answer")
	}
	logs := ours(ds, "", partDecisionLog)
	if len(logs) != 1 || logs[0].Number != res.LogNumber || logs[0].Title != LogTitle ||
		!strings.Contains(logs[0].Body, "| #1 | \\[War Room] Move session state from SQLite to PostgreSQL for the App | type 1B | 2026-03-05 | active |") {
		t.Fatalf("decision log: %+v", logs)
	}
	if v := w.f.SpacingViolations(); v != 0 {
		t.Errorf("%d spacing violations", v)
	}
}
