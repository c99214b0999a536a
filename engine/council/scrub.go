package council

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Withheld replaces a word that would identify a seat in text shown to anyone before the
// record is unsealed.
const Withheld = "[withheld]"

// minIdentity is the shortest identity string scrubbed: a profile called "a" would eat words.
const minIdentity = 3

// scrubber removes from model-written text the words by which a member could give away its
// seat or its model: role titles and keys, and the team's profile, model and family names.
// Matching is whole-word and ignores ASCII case. An identity the session's own inputs use (a
// question about adopting a vendor names that vendor) is left alone: the team must be able to
// discuss its subject, and that residual is documented.
type scrubber struct {
	ids []string // ASCII-lower-cased
}

// structural are words the protocol's own labels are made of: a profile that happens to be
// called "member" must not blank out every member label.
var structural = []string{"member", "option", "docket", "vote", "selected", "none_found"}

func newScrubber(idents []string, inputs []string) scrubber {
	given := asciiLower(strings.Join(inputs, "\n"))
	var s scrubber
	for _, id := range idents {
		id = asciiLower(strings.TrimSpace(id))
		if len(id) < minIdentity || slices.Contains(s.ids, id) || slices.Contains(structural, id) || len(spans(given, id)) > 0 {
			continue
		}
		s.ids = append(s.ids, id)
	}
	return s
}

// scrub returns text with every identity withheld, one Withheld per contiguous run.
func (s scrubber) scrub(text string) string {
	lower := asciiLower(text) // same byte offsets as text
	var all [][2]int
	for _, id := range s.ids {
		all = append(all, spans(lower, id)...)
	}
	if len(all) == 0 {
		return text
	}
	slices.SortFunc(all, func(a, b [2]int) int { return a[0] - b[0] })
	var b strings.Builder
	at := 0
	for i := 0; i < len(all); {
		start, end := all[i][0], all[i][1]
		for i++; i < len(all) && all[i][0] < end; i++ {
			end = max(end, all[i][1])
		}
		b.WriteString(text[at:start])
		b.WriteString(Withheld)
		at = end
	}
	b.WriteString(text[at:])
	return b.String()
}

// spans finds the whole-word occurrences of id in text.
func spans(text, id string) [][2]int {
	var out [][2]int
	for from := 0; ; {
		i := strings.Index(text[from:], id)
		if i < 0 {
			return out
		}
		start, end := from+i, from+i+len(id)
		if edge(text, start, end) {
			out = append(out, [2]int{start, end})
		}
		from = start + 1
	}
}

// edge reports whether text[start:end] has no letter or digit on either side.
func edge(text string, start, end int) bool {
	if r, _ := utf8.DecodeLastRuneInString(text[:start]); start > 0 && isWord(r) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(text[end:]); end < len(text) && isWord(r) {
		return false
	}
	return true
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// asciiLower lower-cases A–Z only, so byte offsets stay those of s.
func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}, s)
}

// identities lists what the scrubber withholds for a plan: every role's title and key, and
// the profile, model and family of every role that sits, files or rules.
func identities(p Plan) []string {
	var out []string
	for _, r := range Registry {
		out = append(out, r.Title, r.Key, strings.ReplaceAll(r.Key, "-", " "))
	}
	for _, a := range append(slices.Clone(p.Seats), p.Clerk, p.Arbiter) {
		out = append(out, a.Profile, a.Family, a.Model)
	}
	return out
}
