package bot

import (
	"strings"
	"testing"

	"github.com/war-room/war-room/bot/thread"
)

// The largest question and issue context the command takes, as hard to encode as text can
// be, still fit the progress comment that carries the session's state.
func TestStateFitsOneComment(t *testing.T) {
	s := thread.State{Session: "wr-0123456789abcdef", Protocol: "reason", Seed: 4242, SeedSource: "crypto/rand",
		Status: thread.StatusRunning, Requester: "alice", CommentID: 77}
	// The worst text for JSON: every character escaped; as long as the parser allows.
	s.Question = strings.Repeat("\"<\\\x01", maxQuestionBytes/4)
	s.Context = []thread.Input{{Name: "context:issue", Text: strings.Repeat("\"\x02", maxIssueContextBytes/2)}}
	body := thread.Render(s)
	if len(body) > 65536 {
		t.Errorf("a progress comment with the largest state is %d characters; GitHub takes 65536", len(body))
	}
	if got, ok := thread.ParseState(body); !ok || got.Question != s.Question {
		t.Error("the largest state does not round-trip")
	}
}
