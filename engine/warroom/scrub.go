package warroom

import (
	"regexp"
	"slices"
	"strings"
)

// Withheld replaces a word that would identify a panel member in text shown to other experts.
const Withheld = "[withheld]"

// minIdentity is the shortest identity string that is scrubbed; shorter ones (a profile
// called "a") would match ordinary words.
const minIdentity = 3

// Scrubber removes from contributions the words by which an expert could give away its seat
// or model: every role title and key, and the panel's profile and model names. Vendor family
// and provider names are left alone: they are ordinary words in technical text, and the
// engine itself never writes them into a prompt.
type Scrubber struct{ re *regexp.Regexp }

// NewScrubber builds a Scrubber for the given identity strings.
func NewScrubber(idents []string) Scrubber {
	var alts []string
	for _, s := range idents {
		s = strings.TrimSpace(s)
		if len(s) >= minIdentity && !slices.Contains(alts, regexp.QuoteMeta(s)) {
			alts = append(alts, regexp.QuoteMeta(s))
		}
	}
	if len(alts) == 0 {
		return Scrubber{}
	}
	// Longest first so "Red Team Commander" wins over a shorter overlapping name.
	slices.SortFunc(alts, func(a, b string) int { return len(b) - len(a) })
	return Scrubber{re: regexp.MustCompile(`(?i)(^|[^\pL\pN])(` + strings.Join(alts, "|") + `)($|[^\pL\pN])`)}
}

// Scrub returns text with every identity string withheld (case-insensitive, whole words).
func (s Scrubber) Scrub(text string) string {
	if s.re == nil {
		return text
	}
	// Adjacent matches share their delimiter, so replace until nothing changes.
	for {
		next := s.re.ReplaceAllString(text, "${1}"+Withheld+"${3}")
		if next == text {
			return next
		}
		text = next
	}
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
