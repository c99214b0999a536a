package panel

import (
	"math/rand/v2"
	"slices"

	"github.com/war-room/war-room/engine"
)

// Labeled is a contribution as other seats see it: its anonymous label and its text.
type Labeled struct {
	Label string `json:"label"`
	Text  string `json:"text"`
}

// Named turns labelled texts into fenced inputs named "<kind> <label>" ("position Member B").
func Named(kind string, items []Labeled) []engine.NamedText {
	out := make([]engine.NamedText, len(items))
	for i, it := range items {
		out[i] = engine.NamedText{Name: kind + " " + it.Label, Text: it.Text}
	}
	return out
}

// Labels lists the items' labels in order.
func Labels(items []Labeled) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Label
	}
	return out
}

// Shuffled returns a seeded permutation of items.
func Shuffled[T any](items []T, r *rand.Rand) []T {
	p := slices.Clone(items)
	r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// Label is the i-th (0-based) anonymous label with a prefix: "Response A", "Member AA".
func Label(prefix string, i int) string {
	s := ""
	for n := i + 1; n > 0; n = (n - 1) / 26 {
		s = string(rune('A'+(n-1)%26)) + s
	}
	return prefix + " " + s
}

// LabelOrder compares labels of one prefix in dealing order: A < B < … < Z < AA.
func LabelOrder(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
