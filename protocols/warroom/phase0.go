package warroom

import (
	"context"
	"fmt"

	"github.com/war-room/war-room/engine/record"
)

// phase0 scores reversibility and picks the starting mode. Without a well-formed score there
// is nothing to route by, so its failure fails the session.
func (s *state) phase0(ctx context.Context) error {
	spec, err := s.kit.reversibility()
	c, err := s.must(ctx, keyReversibility, "Phase 0: reversibility assessment", spec, err)
	if err != nil {
		return err
	}
	if s.rec.Rev, err = assess(c.Text, s.opts.Thresholds); err != nil {
		return err
	}
	mode := Mode(s.rec.Rev.Mode)
	s.rec.Recommend = mode
	if s.opts.Mode != ModeAuto {
		mode = s.opts.Mode
	}
	s.route(mode)
	if _, err := s.addNode("reversibility", 1, record.AnonymousLabel(0), c.Text, c.Role, c.At, ""); err != nil {
		return err
	}
	return nil
}

// express is the fast path: the strategist recommends, in a plan review the additions
// challenger questions it, and the decider ratifies or overrides.
func (s *state) express(ctx context.Context) error {
	if s.rec.Recommend != ModeExpress {
		s.rec.Notes = append(s.rec.Notes, fmt.Sprintf("Express mode was requested although RS %.2f (type %s) recommends the %s mode; "+
			"express mode has no panel vote and no escalation check.", s.rec.Rev.Score, s.rec.Rev.Type, s.rec.Recommend))
	}
	spec, err := s.kit.expressRecommendation(s.rec.Rev, expressWhy(s.rec.Rev, s.rec.Recommend))
	p, err := s.one(ctx, keyExpress, "Express recommendation", spec, err)
	if err != nil {
		return err
	}
	if s.rec.Express, err = s.label("express", 1, p); err != nil {
		return err
	}
	if s.opts.PlanReview && len(s.rec.Express) > 0 {
		spec, err := s.kit.expressChallenge(s.rec.Express)
		p, err := s.one(ctx, keyExpressCheck, "Plan review challenge", spec, err)
		if err != nil {
			return err
		}
		if s.rec.Challenges, err = s.label("challenge", 1, p); err != nil {
			return err
		}
	}
	return s.expressSynthesis(ctx)
}
