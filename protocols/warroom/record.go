package warroom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// panelRecord attributes every seat that sat, with what it was labelled and why it failed.
func (s *state) panelRecord() []decision.PanelMember {
	var out []decision.PanelMember
	for _, m := range s.panel.Members {
		if !s.sat(m.Role) {
			continue
		}
		pm := decision.PanelMember{Role: roleTitle(m.Role), Profile: m.Profile, Provider: m.Provider,
			Model: m.Model, Family: m.Family, Effort: string(s.r.Profiles().EffortSent(m.Profile, m.Effort))}
		var authored, failed []string
		for _, c := range s.rec.COAs {
			if c.Author == m.Role {
				authored = append(authored, c.Label)
			}
		}
		for _, g := range s.rec.Gaps {
			if g.Role == m.Role {
				failed = append(failed, g.Class+" in "+g.Phase)
			}
		}
		pm.Label, pm.Failed = strings.Join(authored, ", "), strings.Join(failed, "; ")
		out = append(out, pm)
	}
	return out
}

// sat reports whether a seat was asked to contribute anywhere in the session.
func (s *state) sat(role string) bool {
	for _, p := range s.rec.Phases {
		for _, c := range p.Contributions {
			if c.Role == role {
				return true
			}
		}
		for _, g := range p.Gaps {
			if g.Role == role {
				return true
			}
		}
	}
	return false
}

// labelKeys say, for each phase comment, what its "Response" letters denote: each phase
// letters its contributions afresh, and the courses of action keep theirs from Phase 3 on.
var labelKeys = map[string]string{
	"intel":      "the Response letters here name the intelligence reports of this phase.",
	"assessment": "the Response letters here name the situation assessments of this phase.",
	"coa":        "the Response letters name the courses of action; later phases use the same letters for them.",
	"red-team": "\"Challenge report Response A\" names a challenge report of this phase; the Response letters inside " +
		"the reports are the courses of action of Phase 3.",
	"synthesis": "the Response letters are the courses of action of Phase 3; \"premortem Response A\" names a premortem, " +
		"lettered afresh.",
}

// phaseSummaries are the comments a publisher posts: intelligence, assessment, courses of
// action, challenges (with the voting), synthesis (with the premortem's failure modes).
func (s *state) phaseSummaries() []decision.PhaseSummary {
	var out []decision.PhaseSummary
	add := func(key, title string, parts ...[]decision.PhasePart) {
		body := slices.Concat(parts...)
		if len(body) > 0 {
			if k := labelKeys[key]; k != "" {
				body = append([]decision.PhasePart{decision.TextPart("Key: " + k)}, body...)
			}
			out = append(out, decision.PhaseSummary{Key: key, Title: title, Parts: body})
		}
	}
	if len(s.rec.Express) > 0 {
		add("express", "Express recommendation", s.attributed("express", "Recommendation", s.rec.Express))
	}
	add("intel", "Phase 1: Intelligence", s.attributed("intel", "Intelligence report", s.rec.Intel))
	add("assessment", "Phase 2: Situation assessment", s.attributed("assessment", "Situation assessment", s.rec.Situation))
	add("coa", "Phase 3: Courses of action", s.coaSummary())
	add("red-team", "Phase 4: Challenges and voting", s.questionsSummary(), s.attributed("challenge", "Challenge report", s.rec.Challenges), s.votingSummary())
	var synthesis []decision.PhasePart
	if strings.TrimSpace(s.rec.Synthesis.Text) != "" {
		synthesis = []decision.PhasePart{decision.QuotePart(s.rec.Synthesis.Text, "SELECTED", "CONFIDENCE")}
	}
	add("synthesis", "Phase 7: Synthesis", synthesis, s.premortemSummary())
	return out
}

// attributed is labelled contributions under their now-unsealed authors: each author a
// heading of war-room's, each text quoted. Each phase labels its contributions from
// "Response A" afresh, so a bare label would read as the course of action of that letter;
// the kind in front ("Challenge report Response A", as the experts saw it named) keeps them
// apart.
func (s *state) attributed(phase, kind string, items []panel.Labeled) []decision.PhasePart {
	var out []decision.PhasePart
	for _, it := range items {
		out = append(out, decision.HeadingPart(fmt.Sprintf("%s %s — %s", kind, it.Label, s.author(phase, it.Label))),
			decision.QuotePart(it.Text))
	}
	return out
}

func (s *state) author(phase, label string) string {
	n, ok := s.nodes[phase+"/"+label]
	if !ok {
		return "unknown"
	}
	m := s.panel.Member(n.Author.Role)
	return fmt.Sprintf("%s · %s", roleTitle(m.Role), m.Model)
}

// questionsSummary is agent-teams' exchange before the challenges: each question the red team
// put about a course of action and its author's answer, under their now-unsealed seats.
func (s *state) questionsSummary() []decision.PhasePart {
	var out []decision.PhasePart
	for _, q := range s.rec.Questions {
		out = append(out, decision.HeadingPart(fmt.Sprintf("Question on %s — %s", q.Label, s.author("question", record.AnonymousLabel(0)))),
			decision.QuotePart(q.Question))
		if q.Answer != "" {
			out = append(out, decision.HeadingPart(fmt.Sprintf("Answer on %s — %s", q.Label, s.author("answer", q.Label))), decision.QuotePart(q.Answer))
		} else {
			out = append(out, decision.TextPart("The author gave no answer."))
		}
	}
	return out
}

// coaSummary is every course of action under a heading of war-room's; the title in the
// heading is a model's, which the renderer sanitises as an inline phrase.
func (s *state) coaSummary() []decision.PhasePart {
	var out []decision.PhasePart
	for _, c := range s.alternatives() {
		mark, points := "", ""
		if c.Selected {
			mark = " (selected)"
		}
		if c.Score != nil {
			points = ", " + c.Score.String()
		}
		out = append(out, decision.HeadingPart(fmt.Sprintf("%s: %s%s — %s%s", c.Label, c.Title, mark, s.author("coa", c.Label), points)),
			decision.QuotePart(c.Summary))
	}
	return out
}

func (s *state) votingSummary() []decision.PhasePart {
	if len(s.rec.Rounds) == 0 {
		return nil
	}
	return []decision.PhasePart{decision.HeadingPart("Voting (Borda count)"), decision.TextPart(s.votingRecord())}
}

// premortemSummary lists each premortem's failure modes, model text kept to one
// inline-sanitised line per item.
func (s *state) premortemSummary() []decision.PhasePart {
	var items []string
	for _, p := range s.rec.Premortems {
		if f := sections(p.Text)["failure modes"]; f != "" {
			items = append(items, fmt.Sprintf("%s (premortem %s): %s", s.author("premortem", p.Label), p.Label, oneLine(f)))
		}
	}
	if len(items) == 0 {
		return nil
	}
	slices.Sort(items)
	return []decision.PhasePart{decision.HeadingPart("Premortem: failure modes"), decision.ItemsPart(items)}
}
