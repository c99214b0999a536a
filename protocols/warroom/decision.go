package warroom

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
)

// decision builds the protocol-neutral record, stores the deferred items and returns it.
func (s *state) decision(ctx context.Context) (*engine.Decision, error) {
	sess := s.r.Session()
	q, _ := sess.Input(InputQuestion)
	syn := s.rec.Synthesis
	d := &engine.Decision{Protocol: Protocol, Title: Title(q), Question: q, Context: syn.Context,
		Outcome: outcome(syn), Rationale: syn.Rationale, Consequences: syn.Consequences,
		Class: "type " + s.rec.Rev.Type, Labels: typeLabels(s.rec.Rev.Type), Sections: []engine.Section{s.reversibilitySection()},
		Alternatives: s.alternatives(), Dissent: syn.Dissent, WhatWouldChangeMind: syn.Watch,
		Panel: s.panelRecord(), Phases: s.phaseSummaries(), Notes: s.notes(), SessionID: sess.ID,
		Seed: sess.Seed, Metrics: s.metrics(), CreatedAt: s.decidedAt()}
	d.Deferred = deferredItems(s.rec, sess.ID)
	if err := storeDeferred(ctx, s.r.Store(), sess.ID, d.Deferred); err != nil {
		return nil, err
	}
	return d, nil
}

func outcome(syn Synthesis) string {
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
func (s *state) alternatives() []engine.Alternative {
	var out []engine.Alternative
	for _, c := range s.rec.COAs {
		a := engine.Alternative{Label: c.Label, Title: c.Title, Summary: summary(c.Body),
			Selected: c.Label == s.rec.Synthesis.Selected, Reason: s.rec.Synthesis.Rejected[c.Label]}
		if n := len(s.rec.Rounds); n > 0 {
			a.Score = &engine.Score{Value: s.rec.Rounds[n-1].Tally.Points(c.Label), Unit: "Borda point", Plural: "Borda points"}
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
