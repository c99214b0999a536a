package council

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
)

// decision builds the protocol-neutral record from the finished deliberation.
func (s *state) decision(ctx context.Context) (*decision.Decision, error) {
	sess := s.r.Session()
	entries, err := s.r.Store().Ledger(ctx, sess.ID)
	if err != nil {
		return nil, fmt.Errorf("council: read ledger: %w", err)
	}
	q, _ := sess.Input(InputQuestion)
	ru, sel := s.rec.Ruling, s.rec.Docket.Options[s.rec.Ruling.Selected-1]
	d := &decision.Decision{Protocol: Protocol, Title: title(q), Question: q,
		Outcome:   fmt.Sprintf("%s\n\n**%s: %s**\n\n%s", s.lead(), sel.Name(), sel.Title, ru.Decision),
		Rationale: ru.Rationale, Consequences: ru.Consequences,
		Sections: []decision.Section{s.ballotSection()}, Alternatives: s.alternatives(),
		Dissent: s.attributeAll(ru.Dissent), WhatWouldChangeMind: append(slices.Clone(ru.TripWires), s.rec.IntentTripWires...), Panel: s.panel(),
		Phases: s.phases(), Notes: s.notes(entries), SessionID: sess.ID, Seed: sess.Seed,
		Metrics: s.metrics(entries), CreatedAt: s.rec.RulingC.At,
		Summary: sel.Name() + ": " + sel.Title, Margin: s.rec.Tally.Margin(ru.Selected)}
	if t := s.rec.Tally; t.Ballots > 0 && len(t.Leaders) > 0 && !slices.Contains(t.Leaders, ru.Selected) {
		d.Override = fmt.Sprintf("the arbiter chose %s over %s, which led the ballot: %s",
			sel.Name(), s.optionNames(t.Leaders), ru.Rationale)
	}
	d.Notes = append([]string{d.Metrics["footer"]}, d.Notes...)
	d.Positions = s.positions(sel)
	return d, nil
}

// positions are the members' closing votes, each with the seat that cast it.
func (s *state) positions(sel option) []decision.Position {
	var out []decision.Position
	for _, b := range s.rec.Ballots {
		if b.Option < 1 || b.Option > len(s.rec.Docket.Options) {
			continue
		}
		for _, a := range s.plan.Seats {
			if a.Label == b.Label {
				o := s.rec.Docket.Options[b.Option-1]
				out = append(out, decision.Position{Seat: s.opts.Title(a.Role), Family: a.Family, Model: a.Model,
					Option: o.Name(), Chosen: o.Number == sel.Number})
			}
		}
	}
	return out
}

// optionNames is "Option 1" or "Option 1 and Option 3".
func (s *state) optionNames(numbers []int) string {
	var names []string
	for _, o := range s.rec.Docket.Options {
		if slices.Contains(numbers, o.Number) {
			names = append(names, o.Name())
		}
	}
	return strings.Join(names, " and ")
}

// who names a member for a reader once the record is unsealed: "Member B (Skeptic · model)".
func (s *state) who(label string) string {
	for _, a := range s.plan.Seats {
		if a.Label == label {
			return fmt.Sprintf("%s (%s · %s)", label, s.opts.Title(a.Role), a.Model)
		}
	}
	return label
}

// attributeAll adds the author to the first mention of each member label in every item.
func (s *state) attributeAll(items []string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		for _, l := range members(it) {
			it = strings.Replace(it, l, s.who(l), 1)
		}
		out[i] = it
	}
	return out
}

// alternatives lists every docket option with its votes; who cast them is the ballot
// section's.
func (s *state) alternatives() []decision.Alternative {
	var out []decision.Alternative
	for i, o := range s.rec.Docket.Options {
		out = append(out, decision.Alternative{Label: o.Name(), Title: o.Title, Summary: o.Summary,
			Score:    &decision.Score{Value: len(s.rec.Tally.Votes[i]), Unit: "vote", Plural: "votes"},
			Selected: o.Number == s.rec.Ruling.Selected})
	}
	return out
}

// metrics are the numbers printed in the footer.
func (s *state) metrics(entries []ledger.Entry) map[string]string {
	t := s.rec.Tally
	m := map[string]string{
		"margin": t.Margin(s.rec.Ruling.Selected), "seats": strconv.Itoa(len(s.plan.Seats)),
		"ballots": strconv.Itoa(t.Ballots), "options": strconv.Itoa(len(s.rec.Docket.Options)),
		"dissenters": strconv.Itoa(len(t.Against(s.rec.Ruling.Selected))), "seat_failures": strconv.Itoa(len(s.gaps())),
		"trip_wires": strconv.Itoa(len(s.rec.Ruling.TripWires)), "rounds": strconv.Itoa(s.opts.Rounds),
		"calls": strconv.Itoa(len(entries)), "expected_calls": strconv.Itoa(s.opts.ExpectedCalls()),
		"arbiter_path": s.plan.ArbiterPath, "seed_source": s.r.Session().SeedSource,
	}
	if s.plan.ArbiterPath == pathFallback {
		m["fallback_arbiter_residual"] = "true"
	}
	if s.opts.Profile != "" {
		m["profile"] = s.opts.Profile
	}
	m["footer"] = s.footer(entries)
	return m
}
