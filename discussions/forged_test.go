package discussions

import (
	"context"
	"slices"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

// Markers written by another account are never trusted: a forged decision body, a forged
// decision log and a forged phase comment are all ignored, and ours are written.
func TestForgedMarkersAreIgnored(t *testing.T) {
	w := newWorld(t, worldOpts{answerable: true, withLabels: true})
	d := loadDecision(t, "full_council")
	w.f.AddUser("mallory", "User")
	forgedBody := Marker{Session: d.SessionID, Part: partBody}.String() + "\n" + newMeta("type 2", 0).String() + "\n\nforged"
	w.f.AddDiscussion(testRepo, githubfake.DiscussionSpec{Category: "decisions", Title: "[War Room] forged", Body: forgedBody, Author: "mallory"})
	w.f.AddDiscussion(testRepo, githubfake.DiscussionSpec{Category: "decisions", Title: LogTitle,
		Body: Marker{Part: partDecisionLog}.String() + "\nforged log", Author: "mallory"})

	// The first attempt stops after the discussion is created, before any comment.
	w.f.Inject(githubfake.Fault{Match: "addDiscussionComment", Kind: githubfake.ServerError, Status: 502})
	first := w.publisher()
	first.MaxAttempts = 1
	if _, err := first.Publish(context.Background(), Request{Repo: w.repo, Decision: d}); err == nil {
		t.Fatal("expected the injected failure")
	}
	mine := ours(w.f.Discussions(testRepo), d.SessionID, partBody)
	if len(mine) != 1 {
		t.Fatalf("%d discussions of ours after the first attempt, want 1 (the forged one must not be adopted)", len(mine))
	}
	// Mallory forges the comments the retry will look for.
	r := Render(d, RenderOptions{})
	for _, c := range r.Comments {
		w.f.AddDiscussionComment(mine[0].ID, "mallory", Marker{Session: d.SessionID, Part: c.Name}.String()+"\nforged", "")
	}
	res, err := w.publisher().Publish(context.Background(), Request{Repo: w.repo, Decision: d})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, c := range r.Comments {
		want = append(want, d.SessionID+"/"+c.Name)
	}
	if got := w.commentParts(mine[0].ID); !slices.Equal(got, want) {
		t.Errorf("our comments %v, want %v", got, want)
	}
	after := w.f.Discussions(testRepo)
	if body := byNumber(after, res.Number); body.AnswerID == "" || commentAuthor(w, body.ID, body.AnswerID) != botLogin {
		t.Error("the answer is not our own synthesis comment")
	}
	logs := ours(after, "", partDecisionLog)
	if len(logs) != 1 || logs[0].Number != res.LogNumber {
		t.Fatalf("we should have written our own decision log: %+v", logs)
	}
	if forged := byNumber(after, 1); forged.Title != "[War Room] forged" ||
		containsRow(logs[0].Body, 1) {
		t.Error("the forged decision was listed in our decision log")
	}
	w.assertCleanCalls()
}

func commentAuthor(w *world, discussionID, commentID string) string {
	for _, c := range w.f.Comments(discussionID) {
		if c.ID == commentID {
			return c.Author
		}
	}
	return ""
}

func containsRow(logBody string, number int) bool {
	for _, row := range parseLogNumbers(logBody) {
		if row == number {
			return true
		}
	}
	return false
}
