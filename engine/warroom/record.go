package warroom

import (
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine"
)

// panelRecord attributes every seat that sat, with what it was labelled and why it failed.
func (s *state) panelRecord() []engine.PanelMember {
	var out []engine.PanelMember
	for _, m := range s.panel.Members {
		if !s.sat(m.Role) {
			continue
		}
		pm := engine.PanelMember{Role: RoleTitle(m.Role), Profile: m.Profile, Provider: m.Provider,
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

// phaseSummaries are the comments a publisher posts: intelligence, assessment, courses of
// action, challenges (with the voting), synthesis (with the premortem's failure modes).
func (s *state) phaseSummaries() []engine.PhaseSummary {
	var out []engine.PhaseSummary
	add := func(key, title, body string) {
		if strings.TrimSpace(body) != "" {
			out = append(out, engine.PhaseSummary{Key: key, Title: title, Body: body})
		}
	}
	if len(s.rec.Express) > 0 {
		add("express", "Express recommendation", s.attributed("express", "Recommendation", s.rec.Express))
	}
	add("intel", "Phase 1: Intelligence", s.attributed("intel", "Intelligence report", s.rec.Intel))
	add("assessment", "Phase 2: Situation assessment", s.attributed("assessment", "Situation assessment", s.rec.Situation))
	add("coa", "Phase 3: Courses of action", s.coaSummary())
	add("red-team", "Phase 4: Challenges and voting", s.attributed("challenge", "Challenge report", s.rec.Challenges)+s.votingSummary())
	add("synthesis", "Phase 7: Synthesis", s.rec.Synthesis.Text+s.premortemSummary())
	return out
}

// attributed renders labelled contributions with their now-unsealed authors. Each phase
// labels its contributions from "Response A" afresh, so a bare label would read as the
// course of action of that letter; the kind in front ("Challenge report Response A", as the
// experts saw it named) keeps them apart.
func (s *state) attributed(phase, kind string, items []Labeled) string {
	var b strings.Builder
	for _, it := range items {
		fmt.Fprintf(&b, "#### %s %s — %s\n\n%s\n\n", kind, it.Label, s.author(phase, it.Label), strings.TrimSpace(it.Text))
	}
	return b.String()
}

func (s *state) author(phase, label string) string {
	n, ok := s.nodes[phase+"/"+label]
	if !ok {
		return "unknown"
	}
	m := s.panel.Member(n.Author.Role)
	return fmt.Sprintf("%s · %s", RoleTitle(m.Role), m.Model)
}

func (s *state) coaSummary() string {
	var b strings.Builder
	for _, c := range s.alternatives() {
		mark, points := "", ""
		if c.Selected {
			mark = " (selected)"
		}
		if c.Score != nil {
			points = ", " + c.Score.String()
		}
		fmt.Fprintf(&b, "#### %s: %s%s — %s%s\n\n%s\n\n", c.Label, c.Title, mark, s.author("coa", c.Label), points, c.Summary)
	}
	return b.String()
}

func (s *state) votingSummary() string {
	if len(s.rec.Rounds) == 0 {
		return ""
	}
	return "#### Voting (Borda count)\n\n" + s.votingRecord()
}

func (s *state) premortemSummary() string {
	var parts []string
	for _, p := range s.rec.Premortems {
		if f := Sections(p.Text)["failure modes"]; f != "" {
			parts = append(parts, fmt.Sprintf("- %s (premortem %s): %s", s.author("premortem", p.Label), p.Label, oneLine(f)))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	slices.Sort(parts)
	return "\n\n#### Premortem: failure modes\n\n" + strings.Join(parts, "\n") + "\n"
}
