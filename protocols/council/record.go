package council

import (
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
)

// panel attributes every seat with its member label and failures, then the clerk and the
// arbiter, who hold no seat.
func (s *state) panel() []decision.PanelMember {
	var out []decision.PanelMember
	member := func(a Assignment, title string) decision.PanelMember {
		return decision.PanelMember{Role: title, Label: a.Label, Profile: a.Profile, Provider: a.Provider,
			Model: a.Model, Family: a.Family, Effort: string(s.r.Profiles().EffortSent(a.Profile, a.Effort))}
	}
	for _, a := range s.seats(false) {
		m := member(a, s.opts.Title(a.Role))
		var failed []string
		for _, g := range s.gaps() {
			if g.Label == a.Label {
				failed = append(failed, g.Class+" in "+g.Phase)
			}
		}
		m.Failed = strings.Join(failed, "; ")
		out = append(out, m)
	}
	return append(out, member(s.plan.Clerk, "Clerk (no seat)"), member(s.plan.Arbiter, "Arbiter (external, no seat)"))
}

// phases are the summaries a publisher posts, one per phase, every text attributed.
func (s *state) phases() []decision.PhaseSummary {
	out := []decision.PhaseSummary{
		{Key: "blind", Title: "Blind positions", Parts: s.attributed(s.rec.Blind)},
		{Key: "docket", Title: "Docket", Parts: []decision.PhasePart{
			decision.TextPart(fmt.Sprintf("Filed by the clerk (%s).", s.plan.Clerk.Model)), decision.QuotePart(s.rec.DocketC.Text)}},
	}
	if ev, ok := s.evidenceSummary(); ok {
		out = append(out, ev)
	}
	for i, res := range s.rec.Cross {
		out = append(out, decision.PhaseSummary{Key: fmt.Sprintf("cross-%d", i+1), Title: res.Title, Parts: s.attributed(res)})
	}
	return append(out,
		decision.PhaseSummary{Key: "closing", Title: "Closing ballot",
			Parts: append([]decision.PhasePart{decision.TablePart([]string{"Member", "Vote"}, s.ballotRows())}, s.attributed(s.rec.Closing)...)},
		decision.PhaseSummary{Key: "ruling", Title: "Ruling", Parts: []decision.PhasePart{
			decision.TextPart(fmt.Sprintf("By the external arbiter (%s), margin: %s.", s.plan.Arbiter.Model, s.rec.Tally.Margin(s.rec.Ruling.Selected))),
			decision.QuotePart(s.rec.Ruling.Text, "SELECTED")}})
}

// attributed is a phase's texts under their now-unsealed authors, gaps included: each
// author a heading of war-room's, each text quoted.
func (s *state) attributed(p phaseResult) []decision.PhasePart {
	var out []decision.PhasePart
	for _, c := range inLabelOrder(p) {
		out = append(out, decision.HeadingPart(s.who(c.Label)), decision.QuotePart(c.Text, "VOTE"))
	}
	for _, g := range p.Gaps {
		out = append(out, decision.HeadingPart(s.who(g.Label)), decision.TextPart("No answer ("+g.Class+")."))
	}
	return out
}

// ballotRows are the closing ballot, one [member, vote] row per seat, gaps last.
func (s *state) ballotRows() [][]string {
	var out [][]string
	for _, bl := range s.rec.Ballots {
		o := s.rec.Docket.Options[bl.Option-1]
		out = append(out, []string{s.who(bl.Label), o.Name() + ": " + o.Title})
	}
	for _, g := range s.rec.Closing.Gaps {
		out = append(out, []string{s.who(g.Label), "no ballot (" + g.Class + ")"})
	}
	return out
}

// ballotSection is the closing ballot as the decision record shows it: the margin, then who
// voted for what.
func (s *state) ballotSection() decision.Section {
	t := s.rec.Tally
	text := fmt.Sprintf("Margin: %s, %d ballot(s) from %d seat(s).", t.Margin(s.rec.Ruling.Selected), t.Ballots, len(s.plan.Seats))
	return decision.Section{Key: "ballot", Title: "Closing ballot", Text: text,
		Table: &decision.Table{Columns: []string{"Member", "Vote"}, Rows: s.ballotRows()}}
}

// notes are the facts a reader must not miss: gaps, how the ruling relates to the ballot,
// the arbiter's residual, an empty dissent record, scripted answers.
func (s *state) notes(entries []ledger.Entry) []string {
	var out []string
	for _, g := range s.gaps() {
		out = append(out, fmt.Sprintf("%s produced nothing in %s (%s); the deliberation went on without it.", s.who(g.Label), g.Phase, g.Class))
	}
	if t := s.rec.Triage; t != nil {
		out = append(out, s.triageNote(*t))
	}
	if n, ok := s.evidenceNote(); ok {
		out = append(out, n)
	}
	if n := len(s.opts.Memory); n > 0 {
		out = append(out, fmt.Sprintf("Memory: the seats read %d approved item(s) of standing memory, each with its source.", n))
	}
	if n, ok := s.intentNote(); ok {
		out = append(out, n)
	}
	if n, ok := writebackNote(s.rec.Writeback); ok {
		out = append(out, n)
	}
	if s.plan.Residual != "" {
		out = append(out, "The arbiter took the fallback path: "+s.plan.Residual+".")
	}
	if s.rec.Tally.Unanimous() && len(s.rec.Ruling.Dissent) == 0 {
		out = append(out, "Every seat voted the same way and the dissent record is empty: on this "+
			"question one model would probably have answered as well, at a fraction of the cost.")
	}
	var scripted []string
	for _, u := range ledger.UsageByProfile(entries) {
		if u.Scripted {
			scripted = append(scripted, u.Profile)
		}
	}
	if len(scripted) > 0 {
		slices.Sort(scripted) // ledger order depends on which parallel call finished first
		out = append(out, "Scripted — not a model: every answer from profile(s) "+strings.Join(scripted, ", ")+
			" was canned text from the script provider.")
	}
	return out
}
