package council

import (
	"context"
	"fmt"
	"slices"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// crossAll is every round's cross-examination, labelled with its round when there are two.
func (s *state) crossAll() []panel.Labeled {
	var out []panel.Labeled
	for i, res := range s.rec.Cross {
		for _, l := range labeled(res) {
			if len(s.rec.Cross) > 1 {
				l.Label = fmt.Sprintf("%s (round %d)", l.Label, i+1)
			}
			out = append(out, l)
		}
	}
	return out
}

func (s *state) close(ctx context.Context) error {
	positions, docket, n := labeled(s.rec.Blind), s.rec.DocketC.Text, len(s.rec.Docket.Options)
	cross, intent := s.crossAll(), s.intentItems()
	seats := s.seats(true)
	s.expect(keyClosing, titleClosing, len(seats))
	res, err := s.fan(ctx, keyClosing, titleClosing, seats, minTeam,
		func(a Assignment) (engine.CallSpec, error) {
			return s.kit.closing(a, positions, docket, n, cross, intent)
		})
	if err != nil {
		return err
	}
	s.rec.Closing = res
	for _, c := range res.Contributions {
		b, err := parseBallot(c.Text, n, s.opts.speaksForIntent(c.Role), len(intent))
		if err != nil {
			return fmt.Errorf("council: stored ballot of %s: %w", c.Label, err)
		}
		b.Label = c.Label
		s.rec.Ballots = append(s.rec.Ballots, b)
	}
	slices.SortFunc(s.rec.Ballots, func(a, b ballot) int { return labelOrder(a.Label, b.Label) })
	s.rec.Tally = count(s.rec.Ballots, n)
	s.narrateClosing()
	return nil
}

func (s *state) rule(ctx context.Context) error {
	d, n := s.rec.Docket, len(s.rec.Docket.Options)
	spec, err := s.kit.ruling(s.rec.DocketC.Text, n, labeled(s.rec.Closing), s.crossAll(),
		ballotRecord(d, s.rec.Tally, s.gaps()), s.rec.Tally)
	if err != nil {
		return err
	}
	c, err := panel.One(ctx, s.r, keyRuling, titleRuling, panel.Task{Name: Arbiter, Spec: spec})
	if err != nil {
		return failure(err, keyRuling, s.plan.Arbiter)
	}
	s.rec.RulingC = &c
	if s.rec.Ruling, err = parseRuling(c.Text, n, s.rec.Tally); err != nil {
		return fmt.Errorf("council: stored ruling: %w", err)
	}
	s.rec.IntentTripWires = s.intentTripWires()
	s.narrateRuling()
	ps, err := s.writeback(ctx)
	s.rec.Writeback = ps
	return err
}
