package warroom

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Withheld replaces a word that would identify a panel member in text shown to other experts.
const Withheld = "[withheld]"

// minIdentity is the shortest identity string that is scrubbed; shorter ones (a profile
// called "a") would match ordinary words.
const minIdentity = 3

// Scrubber removes from contributions the words by which an expert could give away its seat
// or model: every role title and key, and the panel's profile and model names. Vendor family
// and provider names are left alone: they are ordinary words in technical text, and the
// engine itself never writes them into a prompt. Matching ignores ASCII case and takes whole
// words only, so "scouting" survives a scrub of "scout".
type Scrubber struct {
	ids []string // ASCII-lower-cased
	// memo caches results: a session scrubs the same contributions once per voter.
	memo *sync.Map
}

// NewScrubber builds a Scrubber for the given identity strings.
func NewScrubber(idents []string) Scrubber {
	s := Scrubber{memo: &sync.Map{}}
	for _, id := range idents {
		id = asciiLower(strings.TrimSpace(id))
		if len(id) >= minIdentity && !slices.Contains(s.ids, id) {
			s.ids = append(s.ids, id)
		}
	}
	return s
}

// Scrub returns text with every identity string withheld.
func (s Scrubber) Scrub(text string) string {
	if len(s.ids) == 0 {
		return text
	}
	if v, ok := s.memo.Load(text); ok {
		return v.(string)
	}
	lower := asciiLower(text) // same byte offsets as text
	var spans [][2]int
	for _, id := range s.ids {
		for from := 0; ; {
			i := strings.Index(lower[from:], id)
			if i < 0 {
				break
			}
			start, end := from+i, from+i+len(id)
			if wordEdge(lower, start, end) {
				spans = append(spans, [2]int{start, end})
			}
			from = start + 1
		}
	}
	out := replaceSpans(text, spans)
	s.memo.Store(text, out)
	return out
}

// wordEdge reports whether text[start:end] is bounded by non-word characters.
func wordEdge(text string, start, end int) bool {
	if r, _ := utf8.DecodeLastRuneInString(text[:start]); start > 0 && isWord(r) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(text[end:]); end < len(text) && isWord(r) {
		return false
	}
	return true
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// replaceSpans replaces the union of the spans with one Withheld per contiguous run.
func replaceSpans(text string, spans [][2]int) string {
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
		b.WriteString(Withheld)
		at = end
	}
	b.WriteString(text[at:])
	return b.String()
}

// asciiLower lower-cases A–Z only, so byte offsets stay those of s.
func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}, s)
}

// panelIdentities lists what the scrubber withholds for a panel.
func panelIdentities(p Panel) []string {
	var out []string
	for _, r := range Registry {
		out = append(out, r.Title, r.Key, strings.ReplaceAll(r.Key, "-", " "))
	}
	for _, m := range p.Members {
		out = append(out, m.Profile, m.Model)
	}
	return out
}
