package main

import (
	"strings"
	"testing"
)

// FuzzOneLine: the fast path gives exactly what collapsing the fields gives, for any text
// (Unicode spaces, invalid UTF-8 and spaces at the ends included).
func FuzzOneLine(f *testing.F) {
	for _, s := range []string{"", " ", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b",
		"a\u2028b", "a\u0085b", "[War Room] Pick the App's store", "\xff \xfe", "ü ï", "a\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := oneLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("oneLine(%q) = %q, want %q", s, got, want)
		}
	})
}
