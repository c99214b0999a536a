package council

import (
	"context"
	"fmt"
	"slices"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// deliberate runs the phases in order: blind positions, docket, cross-examination, closing
// ballot, ruling.
func (s *state) deliberate(ctx context.Context) error {
	for _, phase := range []func(context.Context) error{s.preflight, s.blind, s.docket, s.crossExamine, s.close, s.rule} {
		if err := phase(ctx); err != nil {
			return err
		}
	}
	return nil
}

// seats returns the team's assignments, in label order; filed limits them to the seats that
// filed a blind position.
func (s *state) seats(filed bool) []Assignment {
	var out []Assignment
	for _, a := range s.plan.Seats {
		if !filed || slices.ContainsFunc(s.rec.Blind.Contributions, func(c contribution) bool { return c.Label == a.Label }) {
			out = append(out, a)
		}
	}
	slices.SortFunc(out, func(a, b Assignment) int { return labelOrder(a.Label, b.Label) })
	return out
}

// labelOrder sorts Member B before Member AA.
func labelOrder(a, b string) int { return panel.LabelOrder(a, b) }

// labeled returns a phase's contributions as members see them, in label order.
func labeled(p phaseResult) []panel.Labeled {
	out := make([]panel.Labeled, len(p.Contributions))
	for i, c := range p.Contributions {
		out[i] = panel.Labeled{Label: c.Label, Text: c.Text}
	}
	slices.SortFunc(out, func(a, b panel.Labeled) int { return labelOrder(a.Label, b.Label) })
	return out
}

// fan builds one task per seat with build and runs them as a phase.
func (s *state) fan(ctx context.Context, key, title string, seats []Assignment, quorum int,
	build func(Assignment) (engine.CallSpec, error)) (phaseResult, error) {
	tasks := make([]panel.Task, 0, len(seats))
	for _, a := range seats {
		spec, err := build(a)
		if err != nil {
			return phaseResult{}, err
		}
		tasks = append(tasks, panel.Task{Name: a.Role, Label: a.Label, Spec: spec})
	}
	return panel.FanOut(ctx, s.r, key, title, tasks, quorum)
}

func (s *state) blind(ctx context.Context) (err error) {
	seats := s.seats(false)
	s.expect(keyBlind, titleBlind, len(seats))
	s.rec.Blind, err = s.fan(ctx, keyBlind, titleBlind, seats, minTeam, s.kit.blind)
	// A triage still writing its reason is waited for whatever the seats came to: nothing of
	// the session is left running.
	if terr := s.settleTriage(ctx); err == nil {
		err = terr
	}
	if err != nil {
		return err
	}
	s.narrateBlind()
	return s.probe(ctx, keyBlind, s.rec.Blind)
}

func (s *state) docket(ctx context.Context) error {
	positions := labeled(s.rec.Blind)
	spec, err := s.kit.docket(positions)
	if err != nil {
		return err
	}
	c, err := panel.One(ctx, s.r, keyDocket, titleDocket, panel.Task{Name: Clerk, Spec: spec})
	if err != nil {
		return failure(err, keyDocket, s.plan.Clerk)
	}
	s.rec.DocketC = &c
	if s.rec.Docket, err = parseDocket(c.Text, labelsOf(positions)); err != nil {
		return fmt.Errorf("council: stored docket: %w", err)
	}
	s.narrateDocket()
	return nil
}

func (s *state) crossExamine(ctx context.Context) error {
	positions, docket := labeled(s.rec.Blind), s.rec.DocketC.Text
	var earlier []panel.Labeled
	for round := 1; round <= s.opts.Rounds; round++ {
		seats := s.seats(true)
		s.expect(keyCross(round), titleCross(round), len(seats))
		res, err := s.fan(ctx, keyCross(round), titleCross(round), seats, 1,
			func(a Assignment) (engine.CallSpec, error) { return s.kit.cross(a, round, positions, docket, earlier) })
		if err != nil {
			return err
		}
		s.rec.Cross = append(s.rec.Cross, res)
		s.narrateClash(res)
		if err := s.probe(ctx, keyCross(round), res); err != nil {
			return err
		}
		earlier = labeled(res)
	}
	return nil
}
