// Package anontest is what the protocols' anonymity property tests share: random identity
// names no prompt can hold by accident, member text that gives its author away the way a model
// might, and the search for an identity in a prompt. Each protocol's test draws its own panels
// and builds its own prompts; what counts as a leak is the same for all. Imported by tests only.
package anontest

import (
	"math/rand/v2"
	"strings"

	"github.com/war-room/war-room/engine/promptsafe"
)

// Token is a random identity name, prefix and six letters, that cannot occur in prompt text by
// accident. Prefixes start with "zq" (Leaks looks for those) and are three letters long.
func Token(r *rand.Rand, prefix string) string {
	b := []byte(prefix)
	for range 6 {
		b = append(b, byte('a'+r.IntN(26)))
	}
	return string(b)
}

// Seat is one seated identity: the role key and title, and the profile, provider, model and
// family behind it.
type Seat struct {
	Role, Title                      string
	Profile, Provider, Model, Family string
}

// Names are the seat's profile, provider, model and family names, for Leaks.
func (s Seat) Names() []string { return []string{s.Profile, s.Provider, s.Model, s.Family} }

// Leaky is text by one of seats that gives its author away the way a model might: by seat
// title or key, by profile or model name, or (byFamily) by the family that trained it, in
// varied case, before and after body.
func Leaky(r *rand.Rand, seats []Seat, body string, byFamily bool) string {
	s := seats[r.IntN(len(seats))]
	says := []string{"As the " + s.Title + ",", "(" + strings.ToUpper(s.Model) + ")", "profile " + s.Profile + ".",
		"— " + strings.ReplaceAll(s.Role, "-", " ") + ":", s.Role}
	if byFamily {
		says = append(says, "trained by "+strings.ToUpper(s.Family[:1])+s.Family[1:])
	}
	return says[r.IntN(len(says))] + " " + body + " " + says[r.IntN(len(says))]
}

// Words are a role's title, key and key with spaces, lower-cased: the words that would say
// which seat wrote what.
func Words(key, title string) []string {
	return []string{strings.ToLower(title), key, strings.ReplaceAll(key, "-", " ")}
}

// Leaks finds an identity in lower-cased prompt text: one of the random names (Token's, nine
// letters from "zq"), or one of words, anywhere in the text or (whole) only as a word of its
// own.
func Leaks(text string, names map[string]bool, words []string, whole bool) (string, bool) {
	for i := strings.Index(text, "zq"); i >= 0; {
		if end := i + 9; end <= len(text) && names[text[i:end]] {
			return text[i:end], true
		}
		next := strings.Index(text[i+2:], "zq")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	for _, w := range words {
		if whole && promptsafe.HasWord(text, w) || !whole && strings.Contains(text, w) {
			return w, true
		}
	}
	return "", false
}

// NameSet is the names of seats, for Leaks.
func NameSet(seats []Seat) map[string]bool {
	out := map[string]bool{}
	for _, s := range seats {
		for _, n := range s.Names() {
			out[n] = true
		}
	}
	return out
}
