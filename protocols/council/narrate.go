package council

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/events"
)

// Phase titles, as events and narrations name them.
const (
	titleBlind   = "Blind positions"
	titleDocket  = "Docket"
	titleClosing = "Closing ballot"
	titleRuling  = "Ruling"
)

func titleCross(round int) string { return fmt.Sprintf("Cross-examination, round %d", round) }

// expect tells a narrator how many answers a parallel phase waits for: it counts them in,
// and never sees what they say before the phase is over.
func (s *state) expect(step, title string, n int) {
	s.r.Narrate(events.Narration{Kind: events.NarrateExpect, Phase: title, Step: step, Expect: n})
}

func (s *state) digest(phase, title string, lines []string) {
	s.r.Narrate(events.Narration{Kind: events.NarrateDigest, Phase: phase, Title: title, Text: strings.Join(lines, "\n")})
}

// turns narrates a revealed phase's contributions verbatim, in label order, and its gaps.
func (s *state) turns(p phaseResult) {
	for _, c := range inLabelOrder(p) {
		s.r.Narrate(events.Narration{Kind: events.NarrateTurn, Phase: p.Title, Title: c.Label, Text: strings.TrimSpace(c.Text)})
	}
}

func gapLines(p phaseResult) []string {
	var out []string
	for _, g := range p.Gaps {
		out = append(out, fmt.Sprintf("%s gave no answer (%s)", g.Label, g.Class))
	}
	return out
}

// narrateBlind is the reveal: every position at once, after the last one is filed.
func (s *state) narrateBlind() {
	p := s.rec.Blind
	lines := []string{fmt.Sprintf("%d position(s) filed; all are revealed at once", len(p.Contributions))}
	for _, c := range inLabelOrder(p) {
		lines = append(lines, c.Label+": "+firstLine(sections(c.Text)[headingKey(secPosition)]))
	}
	s.digest(p.Title, "Reveal", append(lines, gapLines(p)...))
	s.turns(p)
}

func (s *state) narrateDocket() {
	var lines []string
	for _, o := range s.rec.Docket.Options {
		lines = append(lines, fmt.Sprintf("%s: %s — held by %s", o.Name(), o.Title, strings.Join(o.Holders, ", ")))
	}
	for _, d := range s.rec.Docket.Disputes {
		lines = append(lines, "In dispute: "+oneLine(d))
	}
	s.digest(titleDocket, "Docket", lines)
	s.r.Narrate(events.Narration{Kind: events.NarrateTurn, Phase: titleDocket, Title: "Docket", Text: strings.TrimSpace(s.rec.DocketC.Text)})
}

// narrateClash is a cross-examination round's clash digest: who challenged whom, and what
// was conceded.
func (s *state) narrateClash(p phaseResult) {
	var lines []string
	for _, c := range inLabelOrder(p) {
		sec := sections(c.Text)
		for _, it := range items(sec[headingKey(secChallenges)]) {
			lines = append(lines, c.Label+" → "+clip(it))
		}
		for _, it := range items(sec[headingKey(secConcessions)]) {
			lines = append(lines, c.Label+" concedes: "+clip(it))
		}
	}
	s.digest(p.Title, "Clash", append(lines, gapLines(p)...))
	s.turns(p)
}

func (s *state) narrateClosing() {
	var lines []string
	for i, o := range s.rec.Docket.Options {
		v := s.rec.Tally.Votes[i]
		lines = append(lines, fmt.Sprintf("%s (%s): %d vote(s)%s", o.Name(), o.Title, len(v), prefixed(" — ", strings.Join(v, ", "))))
	}
	lines = append(lines, "Ballot: "+s.rec.Tally.Margin(0))
	s.digest(titleClosing, "Ballot", append(lines, gapLines(s.rec.Closing)...))
	s.turns(s.rec.Closing)
}

func (s *state) narrateRuling() {
	o := s.rec.Docket.Options[s.rec.Ruling.Selected-1]
	s.digest(titleRuling, "Ruling", []string{fmt.Sprintf("The arbiter selected %s: %s (%s)", o.Name(), o.Title, s.rec.Tally.Margin(o.Number))})
	s.r.Narrate(events.Narration{Kind: events.NarrateTurn, Phase: titleRuling, Title: "Ruling", Text: strings.TrimSpace(s.rec.RulingC.Text)})
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return clip(l)
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// clip keeps a digest line short.
func clip(s string) string {
	s = oneLine(s)
	if r := []rune(s); len(r) > 160 {
		return string(r[:159]) + "…"
	}
	return s
}

func prefixed(p, s string) string {
	if s == "" {
		return ""
	}
	return p + s
}
