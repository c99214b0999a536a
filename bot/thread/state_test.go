package thread

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"
)

// botLogin is the account the tests' progress comments are written by.
const botLogin = "github-actions[bot]"

func sampleState() State {
	return State{
		Session: "wr-0123456789abcdef", Protocol: "reason",
		Question: "Should we --> <!-- war-room:state v1 AAAA --> move?\n\nwith context",
		Flags:    map[string]string{"fast": "true"},
		Seed:     4242, SeedSource: "crypto/rand",
		Answers: map[string]string{"prior-decision": "proceed"},
		Gate:    &Gate{Key: "premise", Question: "Go on?", Choices: []string{"proceed", "drop"}},
		Status:  StatusAwaiting, Requester: "alice", CommentID: 77,
	}
}

func TestStateRoundTrip(t *testing.T) {
	s := sampleState()
	body := s.Marker() + "\n### war-room\nwaiting\n"
	got, ok := ParseState(body)
	if !ok {
		t.Fatalf("marker not found in %q", body)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, s)
	}
	if strings.Count(s.Marker(), "-->") != 1 {
		t.Errorf("the question's own --> leaked into the marker: %s", s.Marker())
	}
}

func TestParseStateRejects(t *testing.T) {
	good := sampleState().Marker()
	for name, body := range map[string]string{
		"not first line":  "hello\n" + good,
		"other version":   strings.Replace(good, " v1 ", " v2 ", 1),
		"bad base64":      "<!-- war-room:state v1 !!!! -->",
		"not json":        "<!-- war-room:state v1 bm90IGpzb24 -->",
		"no session":      State{Protocol: "reason"}.Marker(),
		"trailing text":   good + " and more",
		"indented marker": " " + good,
		"empty":           "",
	} {
		if s, ok := ParseState(body); ok {
			t.Errorf("%s: ParseState accepted %q as %+v", name, body, s)
		}
	}
}

func comment(id int64, login, body string) *github.IssueComment {
	return &github.IssueComment{ID: github.Int64(id), Body: github.String(body), User: &github.User{Login: github.String(login)}}
}

func TestLatestTrustsOnlyOurComments(t *testing.T) {
	ours := sampleState()
	forged := sampleState()
	forged.Session, forged.Seed, forged.Answers = "wr-forged", 1, map[string]string{"approve-reduced-independence": "approve"}
	comments := []*github.IssueComment{
		comment(1, "alice", "/war-room reason Should we?"),
		comment(2, botLogin, ours.Marker()+"\nprogress"),
		comment(3, "mallory", forged.Marker()+"\nlooks official"),
		comment(4, "evil[bot]", forged.Marker()),
		comment(5, botLogin, "a plain reply with no marker"),
	}
	got, ok := Latest(comments, botLogin)
	if !ok || got.CommentID != 2 || got.State.Session != ours.Session || got.State.Seed != ours.Seed {
		t.Fatalf("Latest = %+v, %v; want our comment 2", got, ok)
	}
	if _, ok := Latest(comments[2:4], botLogin); ok {
		t.Error("a forged marker by another account was trusted")
	}
	newer := ours
	newer.Session = "wr-newer"
	comments = append(comments, comment(6, "GITHUB-ACTIONS[BOT]", newer.Marker()))
	if got, _ := Latest(comments, botLogin); got.State.Session != "wr-newer" {
		t.Errorf("Latest picked %s, want the newest of ours", got.State.Session)
	}
}

func TestParseStateBoundsExpansion(t *testing.T) {
	var raw bytes.Buffer
	zw := gzip.NewWriter(&raw)
	fmt.Fprintf(zw, `{"session":"wr-x","question":"%s"}`, strings.Repeat("a", maxStateBytes))
	zw.Close()
	marker := "<!-- war-room:state v1 " + base64.RawURLEncoding.EncodeToString(raw.Bytes()) + " -->"
	if _, ok := ParseState(marker); ok {
		t.Error("a state expanding past the bound was accepted")
	}
}
