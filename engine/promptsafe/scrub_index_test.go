package promptsafe

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// oracleSpans is the scrub as it was written first: one strings.Index scan per identity.
func oracleSpans(text string, ids []string) [][2]int {
	var all [][2]int
	for _, id := range ids {
		all = append(all, wordSpans(text, id)...)
	}
	return all
}

func sortedSpans(s [][2]int) [][2]int {
	s = slices.Clone(s)
	slices.SortFunc(s, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	})
	return s
}

// The one-pass index finds exactly the spans of a scan per identity: overlapping identities,
// identities inside others, repeats, word edges in letters, digits and multi-byte runes.
func TestIdentityIndexFindsWhatAScanPerIdentityFinds(t *testing.T) {
	alphabet := []string{"a", "b", "ab", "-", " ", "é", "1", "\xff", "aba", "red team", "x"}
	rng := rand.New(rand.NewPCG(16, 4))
	for trial := range 2000 {
		var ids []string
		for range 1 + rng.IntN(6) {
			var b strings.Builder
			for range 1 + rng.IntN(4) {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			ids = append(ids, b.String())
		}
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		text := b.String()
		got, want := sortedSpans(newIdentityIndex(ids).spans(text)), sortedSpans(oracleSpans(text, ids))
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: ids %q in %q:\n got %v\nwant %v", trial, ids, text, got, want)
		}
	}
}

func TestAsciiLowerKeepsByteOffsets(t *testing.T) {
	for _, s := range []string{"", "abc", "ABC dé", "A\xffB", "ÉCOLE Scout"} {
		got := asciiLower(s)
		if len(got) != len(s) {
			t.Errorf("asciiLower(%q) = %q: %d bytes, want %d", s, got, len(got), len(s))
		}
		want := strings.Map(func(r rune) rune {
			if 'A' <= r && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, s)
		if !strings.Contains(s, "\xff") && got != want {
			t.Errorf("asciiLower(%q) = %q, want %q", s, got, want)
		}
	}
}

// BenchmarkScrubMegabyte scrubs 1 MB of prose for 40 identities: one pass, so the cost
// hardly grows with the number of identities (the convene-with-1-MB figure).
func BenchmarkScrubMegabyte(b *testing.B) {
	var ids []string
	for i := range 40 {
		ids = append(ids, "identity-"+strings.Repeat("x", i%7)+string(rune('a'+i%26)))
	}
	line := "The billing service runs nightly cron jobs that retry failed charges and email receipts.\n"
	text := strings.Repeat(line, (1<<20)/len(line))
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		NewScrubber(ids).Scrub(text) // a new scrubber each time: no memo
	}
}
