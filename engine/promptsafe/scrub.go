// Package promptsafe keeps what one model writes from steering another: the scrubber that
// withholds identities (seat names, models, vendors) from text a model will read, and the
// fence that marks where untrusted material begins and ends in a prompt.
package promptsafe

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// withheld replaces a word that would identify a panel member in model-written text shown to
// other members before the record is unsealed.
const withheld = "[withheld]"

// minIdentity is the shortest identity string withheld: a profile called "a" would eat words.
const minIdentity = 3

// Scrubber withholds identity words (role titles and keys, profile and model names) from
// model-written text, so that a contribution cannot give away who wrote it. Matching takes
// whole words only and ignores ASCII case: a scrub of "scout" leaves "scouting" alone. Results
// are memoised, because a session scrubs the same contributions once per reader.
type Scrubber struct {
	ids   []string // ASCII-lower-cased
	index *identityIndex
	memo  *sync.Map
}

// NewScrubber builds a Scrubber for idents, except those in keep (compared ignoring ASCII
// case). keep must come from trusted text only: the words a protocol's own labels are made of
// and the operator's configuration. Never derive it from a session's inputs, which whoever
// asked wrote: a question naming the panel would switch anonymity off.
func NewScrubber(idents []string, keep ...string) Scrubber {
	kept := make([]string, len(keep))
	for i, k := range keep {
		kept[i] = asciiLower(strings.TrimSpace(k))
	}
	s := Scrubber{memo: &sync.Map{}}
	for _, id := range idents {
		id = asciiLower(strings.TrimSpace(id))
		if len(id) >= minIdentity && !slices.Contains(s.ids, id) && !slices.Contains(kept, id) {
			s.ids = append(s.ids, id)
		}
	}
	s.index = newIdentityIndex(s.ids)
	return s
}

// Scrub returns text with every identity withheld, one Withheld per contiguous run.
func (s Scrubber) Scrub(text string) string {
	if len(s.ids) == 0 {
		return text
	}
	if v, ok := s.memo.Load(text); ok {
		return v.(string)
	}
	lower := asciiLower(text) // same byte offsets as text
	out := withhold(text, s.index.spans(lower))
	s.memo.Store(text, out)
	return out
}

// HasWord reports whether text contains word as a whole word, ignoring ASCII case.
func HasWord(text, word string) bool {
	w := asciiLower(strings.TrimSpace(word))
	return w != "" && len(wordSpans(asciiLower(text), w)) > 0
}

// wordSpans finds the whole-word occurrences of id in text (both already lower-cased).
func wordSpans(text, id string) [][2]int {
	var out [][2]int
	for from := 0; ; {
		i := strings.Index(text[from:], id)
		if i < 0 {
			return out
		}
		start, end := from+i, from+i+len(id)
		if wordEdge(text, start, end) {
			out = append(out, [2]int{start, end})
		}
		from = start + 1
	}
}

// wordEdge reports whether text[start:end] has no letter or digit on either side.
func wordEdge(text string, start, end int) bool {
	if r, _ := utf8.DecodeLastRuneInString(text[:start]); start > 0 && isWordRune(r) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(text[end:]); end < len(text) && isWordRune(r) {
		return false
	}
	return true
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// withhold replaces the union of spans with one Withheld per contiguous run.
func withhold(text string, spans [][2]int) string {
	if len(spans) == 0 {
		return text
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	var b strings.Builder
	at := 0
	for i := 0; i < len(spans); {
		start, end := spans[i][0], spans[i][1]
		for i++; i < len(spans) && spans[i][0] < end; i++ {
			end = max(end, spans[i][1])
		}
		b.WriteString(text[at:start])
		b.WriteString(withheld)
		at = end
	}
	b.WriteString(text[at:])
	return b.String()
}

// asciiLower lower-cases A–Z only, byte by byte, so byte offsets stay those of s (invalid
// UTF-8 included, which a rune-wise mapping would widen).
func asciiLower(s string) string {
	i := 0
	for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for ; i < len(b); i++ {
		if 'A' <= b[i] && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	return string(b)
}
