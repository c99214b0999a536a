package warroom

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// intel runs phase 1 (or its escalation top-up) for the given seats.
func (s *state) intel(ctx context.Context, key string, seats []string) error {
	ts, err := tasks(seats, s.kit.intel)
	if err != nil {
		return err
	}
	p, err := panel.FanOut(ctx, s.r, key, "Phase 1: intelligence", s.known(key, ts), 1)
	if err != nil {
		return err
	}
	s.absorb(p)
	more, err := s.labelFrom("intel", p, len(s.rec.Intel))
	s.rec.Intel = append(s.rec.Intel, more...)
	return err
}

func (s *state) phase1(ctx context.Context) error {
	return s.intel(ctx, keyIntel, intelSeats(s.rec.Mode))
}

// phase2 turns the intelligence into one assessment. When it fails, the authors of courses
// of action work from the intelligence reports instead.
func (s *state) phase2(ctx context.Context) error {
	spec, err := s.kit.assessment(s.rec.Intel)
	p, err := s.one(ctx, keyAssessment, "Phase 2: situation assessment", spec, err)
	if err != nil {
		return err
	}
	s.rec.Situation, err = s.label("assessment", 1, p)
	return err
}

// situation is what authors and challengers are given as the picture of the situation.
func (s *state) situation() []panel.Labeled {
	if len(s.rec.Situation) > 0 {
		return s.rec.Situation
	}
	return s.rec.Intel
}

func (s *state) phase3(ctx context.Context) error {
	if err := s.draft(ctx, keyCOA, coaAuthors(s.rec.Mode)); err != nil {
		return err
	}
	if len(s.rec.COAs) == 0 {
		return errors.New("war-room: phase 3 produced no course of action; nothing to deliberate on")
	}
	return nil
}

// draft asks authors for their quota of courses of action and labels the new ones, after the
// ones already on the table, in a seeded order.
func (s *state) draft(ctx context.Context, key string, authors []string) error {
	ts, err := tasks(authors, func(role string) (engine.CallSpec, error) {
		spec, _ := spec(role)
		return s.kit.coa(role, spec.COAs, s.situation())
	})
	if err != nil {
		return err
	}
	p, err := panel.FanOut(ctx, s.r, key, "Phase 3: courses of action", ts, 1)
	if err != nil {
		return err
	}
	s.absorb(p)
	var fresh []coa
	for _, c := range p.Contributions {
		cs, err := parseCOAs(c.Text)
		if err != nil {
			return fmt.Errorf("war-room: %s: %w", c.Role, err)
		}
		for _, coa := range cs {
			if s.duplicate(coa, fresh) {
				s.rec.Notes = append(s.rec.Notes, fmt.Sprintf("A course of action titled %q was drafted twice; only the first was kept.", coa.Title))
				continue
			}
			coa.Author, coa.Round = c.Role, 1
			coa.At = c.At
			fresh = append(fresh, coa)
		}
	}
	base := len(s.rec.COAs)
	for i, coa := range shuffled(fresh, s.r.Rand(key+"/labels")) {
		coa.Label = record.AnonymousLabel(base + i)
		if _, err := s.addNode("coa", 1, coa.Label, coa.Render(), coa.Author, coa.At, ""); err != nil {
			return err
		}
		s.rec.COAs = append(s.rec.COAs, coa)
	}
	return nil
}

func (s *state) duplicate(c coa, fresh []coa) bool {
	for _, o := range append(append([]coa(nil), s.rec.COAs...), fresh...) {
		if strings.EqualFold(strings.TrimSpace(o.Title), strings.TrimSpace(c.Title)) {
			return true
		}
	}
	return false
}

// coaView is the courses of action as experts see them.
func (s *state) coaView() []panel.Labeled {
	out := make([]panel.Labeled, len(s.rec.COAs))
	for i, c := range s.rec.COAs {
		out[i] = panel.Labeled{Label: c.Label, Text: c.Render()}
	}
	return out
}
