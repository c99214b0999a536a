package anontest_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/war-room/war-room/protocols/internal/anontest"
)

// Leaks finds a seat's random name and its role words in what a leaky author wrote, and
// nothing in text that names no one; a whole-word search spares a word inside another.
func TestLeaksFindsWhatLeakyGivesAway(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seats := []anontest.Seat{{Role: "red-team", Title: "Red Team Commander", Profile: anontest.Token(r, "zqp"),
		Provider: anontest.Token(r, "zqv"), Model: anontest.Token(r, "zqm"), Family: anontest.Token(r, "zqf")}}
	names, words := anontest.NameSet(seats), anontest.Words("red-team", "Red Team Commander")
	for range 50 {
		text := strings.ToLower(anontest.Leaky(r, seats, "the queue wins", true))
		if _, ok := anontest.Leaks(text, names, words, true); !ok {
			t.Fatalf("no leak found in %q", text)
		}
	}
	if w, ok := anontest.Leaks("the queue wins on cost", names, words, true); ok {
		t.Errorf("found %q in text that names no one", w)
	}
	if _, ok := anontest.Leaks("a shred-team effort", names, words, true); ok {
		t.Error("a whole-word search found a role key inside another word")
	}
	if _, ok := anontest.Leaks("a shred-team effort", names, words, false); !ok {
		t.Error("a substring search missed a role key inside another word")
	}
}
