package warroom

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/decision"
)

// decision builds the protocol-neutral record, stores the deferred items and returns it.
func (s *state) decision(ctx context.Context) (*decision.Decision, error) {
	sess := s.r.Session()
	q, _ := sess.Input(InputQuestion)
	syn := s.rec.Synthesis
	d := &decision.Decision{Protocol: Protocol, Title: title(q), Question: q, Context: syn.Context,
		Outcome: outcome(syn), Rationale: syn.Rationale, Consequences: syn.Consequences,
		Class: "type " + s.latestRev().Type, Labels: typeLabels(s.latestRev().Type), Sections: s.reversibilitySections(),
		Alternatives: s.alternatives(), Dissent: syn.Dissent, WhatWouldChangeMind: syn.Watch,
		Panel: s.panelRecord(), Phases: s.phaseSummaries(), Notes: s.notes(), SessionID: sess.ID,
		Seed: sess.Seed, Metrics: s.metrics(), CreatedAt: s.decidedAt()}
	if c, ok := s.conformitySection(); ok {
		d.Sections = append(d.Sections, c)
	}
	s.standing(d)
	d.Positions = s.positions()
	d.Deferred = deferredItems(s.rec, sess.ID)
	if err := storeDeferred(ctx, s.r.Store(), sess.ID, d.Deferred); err != nil {
		return nil, err
	}
	return d, nil
}

// standing fills the card's facts: the chosen option in one line, where it stood in the
// final Borda count, the decider's confidence beside that standing, and an override when the
// decider chose other than the count's leader.
func (s *state) standing(d *decision.Decision) {
	syn := s.rec.Synthesis
	for _, c := range s.rec.COAs {
		if c.Label == syn.Selected {
			d.Summary = c.Label + ": " + c.Title
		}
	}
	d.Confidence = syn.Confidence
	n := len(s.rec.Rounds)
	if n == 0 || len(s.rec.Rounds[n-1].Tally.Standings) == 0 {
		return
	}
	t := s.rec.Rounds[n-1].Tally
	lead, place := t.Standings[0], 0
	for _, st := range t.Standings {
		if st.Label == syn.Selected {
			place = st.Place
		}
	}
	switch {
	case place == 0:
		return
	case place == 1 && len(t.Standings) > 1:
		d.Margin = fmt.Sprintf("%s led the Borda count, %d points to %d", lead.Label, lead.Points, t.Standings[1].Points)
	case place == 1:
		d.Margin = lead.Label + " was the only option"
	default:
		d.Margin = fmt.Sprintf("%s placed %d of %d in the Borda count (%d points; %s led with %d)",
			syn.Selected, place, len(t.Standings), t.Points(syn.Selected), lead.Label, lead.Points)
		d.Override = fmt.Sprintf("the decider chose %s over %s, which led the Borda count: %s",
			syn.Selected, lead.Label, sentenceNaming(syn.Rationale, lead.Label))
	}
	if d.Confidence != "" {
		d.Confidence += fmt.Sprintf(" (Borda standing: place %d of %d)", place, len(t.Standings))
	}
}

// positions are the first choices of the last vote round's ballots, each with its seat, and
// the decider's choice with the confidence it stated, where it stated one as a number.
func (s *state) positions() []decision.Position {
	n := len(s.rec.Rounds)
	if n == 0 {
		return nil
	}
	seat := func(role, option string) decision.Position {
		p := decision.Position{Seat: roleTitle(role), Option: option, Chosen: option == s.rec.Synthesis.Selected}
		for _, m := range s.panel.Members {
			if m.Role == role {
				p.Family, p.Model = m.Family, m.Model
			}
		}
		return p
	}
	var out []decision.Position
	last := s.rec.Rounds[n-1]
	for i, role := range last.Voters {
		if i < len(last.Ballots) && len(last.Ballots[i]) > 0 {
			out = append(out, seat(role, last.Ballots[i][0]))
		}
	}
	if slices.ContainsFunc(s.rec.COAs, func(c coa) bool { return c.Label == s.rec.Synthesis.Selected }) {
		d := seat(SupremeCommander, s.rec.Synthesis.Selected)
		d.Confidence, _ = decision.StatedProbability(s.rec.Synthesis.Confidence)
		out = append(out, d)
	}
	return out
}

// sentenceNaming is the sentence of text that names label (the decider's reason for passing
// the leader over, which the contract requires), else text's first sentence.
func sentenceNaming(text, label string) string {
	sentences := strings.SplitAfter(strings.Join(strings.Fields(text), " "), ". ")
	for _, s := range sentences {
		if strings.Contains(strings.ToLower(s), strings.ToLower(label)) {
			return strings.TrimSpace(s)
		}
	}
	return strings.TrimSpace(sentences[0])
}

func outcome(syn synthesis) string {
	out := syn.Approach
	if syn.Orders != "" {
		out += "\n\n**Implementation orders**\n\n" + syn.Orders
	}
	return out
}

// decidedAt is when the synthesis answered: a stored time, so a resumed run records the same.
func (s *state) decidedAt() time.Time {
	for _, p := range s.rec.Phases {
		if p.Key == keySynthesis && len(p.Contributions) > 0 {
			return p.Contributions[0].At
		}
	}
	return s.r.Now()
}

// alternatives lists every course of action with its final Borda points, where a vote was
// held.
func (s *state) alternatives() []decision.Alternative {
	var out []decision.Alternative
	for _, c := range s.rec.COAs {
		a := decision.Alternative{Label: c.Label, Title: c.Title, Summary: summary(c.Body),
			Selected: c.Label == s.rec.Synthesis.Selected, Reason: s.rec.Synthesis.Rejected[c.Label]}
		if n := len(s.rec.Rounds); n > 0 {
			a.Score = &decision.Score{Value: s.rec.Rounds[n-1].Tally.Points(c.Label), Unit: "Borda point", Plural: "Borda points"}
		}
		out = append(out, a)
	}
	return out
}

// summary is the first paragraph of a COA body.
func summary(body string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(body), "\n\n")
	return strings.TrimSpace(first)
}

// notes collects what a reader must see: gaps, escalations, ties, Delphi's course.
func (s *state) notes() []string {
	var out []string
	for _, g := range s.rec.Gaps {
		out = append(out, fmt.Sprintf("%s produced nothing (%s); the deliberation continued without it.", describe(g), g.Class))
	}
	out = append(out, s.rec.Notes...)
	for _, r := range s.rec.Rounds {
		for _, t := range r.Tally.Ties {
			out = append(out, fmt.Sprintf("Vote round %d: %s tied; the session seed ordered them as listed.", r.Round, strings.Join(t, " and ")))
		}
	}
	if n := len(s.rec.Rounds); s.rec.Mode == ModeDelphi && n > 0 {
		last := s.rec.Rounds[n-1]
		verdict := "converged"
		if last.Convergence < s.opts.DelphiThreshold {
			verdict = "stopped at the round limit without converging"
		}
		out = append(out, fmt.Sprintf("Delphi %s after %d round(s): convergence %.2f against a threshold of %.2f.", verdict, n, last.Convergence, s.opts.DelphiThreshold))
	}
	return out
}
