package reason

import (
	"errors"
	"regexp"
	"strings"
	"unicode"

	"github.com/war-room/war-room/protocols/internal/mdsection"
)

// Synthesis is the parts of the synthesizer's artifact the Decision record carries. The
// artifact itself is always relayed verbatim; these are extracted from it.
type Synthesis struct {
	Answer              string   `json:"answer"`
	Confidence          string   `json:"confidence"`
	Disagreements       []string `json:"disagreements"`
	WhatWouldChangeMind []string `json:"what_would_change_mind"`
}

const (
	headingLedger = "## Disagreement ledger"
	headingChange = "## What would change my mind"
)

var (
	answerLine     = regexp.MustCompile(`(?m)` + lead + `Answer[*_]*\s*:[*_]*[ \t]*(.*)$`)
	confidenceLine = regexp.MustCompile(`(?m)` + lead + `Confidence[*_]*\s*:[*_]*[ \t]*(.*)$`)
	anyHeading     = regexp.MustCompile(`(?m)^#{1,2}[ \t]`)
	bullet         = regexp.MustCompile(`^[ \t]*[-*+][ \t]+(.*)$`)
)

// parseSynthesis checks the synthesis contract (Answer:, Confidence:, the two headings) and
// extracts its parts.
func parseSynthesis(text string) (Synthesis, error) {
	var s Synthesis
	var missing []string
	if s.Answer = paragraphAfter(text, answerLine); s.Answer == "" {
		missing = append(missing, `"Answer:" with the answer`)
	}
	if m := confidenceLine.FindStringSubmatch(text); m != nil {
		s.Confidence = strings.TrimSpace(m[1])
	}
	if s.Confidence == "" {
		missing = append(missing, `"Confidence:" with a level`)
	}
	secs := mdsection.Split(text, headingKey)
	ledger, okL := secs[headingKey(headingLedger)]
	change, okC := secs[headingKey(headingChange)]
	if !okL {
		missing = append(missing, `the heading "`+headingLedger+`"`)
	}
	if !okC {
		missing = append(missing, `the heading "`+headingChange+`"`)
	}
	if len(missing) > 0 {
		return s, errors.New("the synthesis lacks " + strings.Join(missing, ", "))
	}
	s.Disagreements, s.WhatWouldChangeMind = items(ledger), items(change)
	return s, nil
}

// paragraphAfter returns the text after the first match of re on its line, continued by the
// following lines up to a blank line, a heading or a Confidence line.
func paragraphAfter(text string, re *regexp.Regexp) string {
	loc := re.FindStringSubmatchIndex(text)
	if loc == nil {
		return ""
	}
	parts := []string{strings.TrimSpace(text[loc[2]:loc[3]])}
	for _, line := range strings.Split(text[loc[1]:], "\n")[1:] {
		if strings.TrimSpace(line) == "" || anyHeading.MatchString(line) || confidenceLine.MatchString(line) {
			break
		}
		parts = append(parts, strings.TrimSpace(line))
	}
	return strings.TrimSpace(strings.Join(parts, "\n"))
}

// headingKey keeps only a heading's letters and digits, lower-cased: "## Disagreement
// ledger", "### **Disagreement Ledger:**" and a bold line of it name one section.
func headingKey(h string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, h)
}

// items splits a section into its bullets (continuation lines joined); a section without
// bullets is one item. A lone "none" means no items.
func items(body string) []string {
	var out []string
	for _, line := range strings.Split(body, "\n") {
		if m := bullet.FindStringSubmatch(line); m != nil {
			out = append(out, strings.TrimSpace(m[1]))
		} else if t := strings.TrimSpace(line); t != "" && len(out) > 0 {
			out[len(out)-1] += " " + t
		} else if t != "" {
			out = append(out, t)
		}
	}
	if len(out) == 1 && strings.EqualFold(strings.Trim(out[0], " ."), "none") {
		return nil
	}
	return out
}
