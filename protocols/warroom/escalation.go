package warroom

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/record"
)

// autoEscalation is the mode the score demands when the deliberation runs lighter than it
// recommends (a forced lighter mode), and the sentence that says so; "" when none applies.
func autoEscalation(recommend, mode Mode, rs float64, t Thresholds) (Mode, string) {
	if !recommend.Heavier(mode) {
		return mode, ""
	}
	return recommend, fmt.Sprintf("RS %.2f is above the %s ceiling %.2f, so the deliberation escalates to %s automatically.",
		rs, mode, ceiling(mode, t), recommend)
}

// escalationCheck lets the decider confirm, escalate or de-escalate after the first courses
// of action. The decider failing fails the session, as it would at the synthesis.
func (s *state) escalationCheck(ctx context.Context) error {
	target, auto := autoEscalation(s.rec.Recommend, s.rec.Mode, s.rec.Rev.Score, s.opts.Thresholds)
	spec, err := s.kit.escalation(s.rec.Rev, s.rec.Mode, auto, s.coaView())
	c, err := s.must(ctx, keyEscalation, "Escalation check", spec, err)
	if err != nil {
		return err
	}
	rev, err := parseEscalation(c.Text)
	if err != nil {
		return err
	}
	s.rec.Escalation = &rev
	if _, err := s.addNode("escalation", 1, "Response A", c.Text, c.Role, c.At, ""); err != nil {
		return err
	}
	switch {
	case rev.Deescalate:
		s.rec.Deescalated = true
		s.rec.Notes = append(s.rec.Notes, "De-escalated at the escalation check (false irreversibility): "+rev.Note+
			" Challenges, voting and the premortem were skipped.")
		s.route(ModeExpress)
		return nil
	case rev.Escalate && target == ModeLightweight:
		target = ModeFull
		auto = "Escalated to the full council for: " + triggerList(rev.Triggers) + "."
	case rev.Escalate && auto != "":
		auto += " The decider also asked for it: " + triggerList(rev.Triggers) + "."
	case rev.Escalate:
		s.rec.Notes = append(s.rec.Notes, "Escalation requested for "+triggerList(rev.Triggers)+"; the panel was already a full council.")
	}
	if target == s.rec.Mode {
		return nil
	}
	return s.escalate(ctx, target, auto)
}

func triggerList(ts []int) string {
	var parts []string
	for _, t := range ts {
		parts = append(parts, manualTriggers[t])
	}
	return strings.Join(parts, "; ")
}

// escalate grows a lightweight panel into a full council: the missing intelligence seat
// reports, and the missing authors add their courses of action to the ones on the table.
func (s *state) escalate(ctx context.Context, target Mode, why string) error {
	s.rec.Escalated = true
	s.rec.Notes = append(s.rec.Notes, why)
	from := s.rec.Mode
	s.route(target)
	if from != ModeLightweight {
		return nil
	}
	if err := s.intel(ctx, keyIntelMore, missing(intelSeats(target), intelSeats(from))); err != nil {
		return err
	}
	if err := s.draft(ctx, keyCOAMore, missing(coaAuthors(target), coaAuthors(from))); err != nil {
		return err
	}
	return s.rescore(ctx)
}

// rescore has the strategist score reversibility again with what the grown panel found, and
// routes once more on the new score. Routing only ever moves up (a full council whose new
// score passes the full-council ceiling runs Delphi rounds): the escalation itself was the
// decider's call or the score's, and a lower second score does not undo it. A re-score that
// fails is a gap; the mode stays as escalated.
func (s *state) rescore(ctx context.Context) error {
	spec, err := s.kit.rescore(s.rec.Rev, s.rec.Intel, s.coaView())
	p, err := s.one(ctx, keyRescore, "Escalation: reversibility re-scored", spec, err)
	if err != nil {
		return err
	}
	c, ok := p.Only()
	if !ok {
		return nil
	}
	rev, err := assess(c.Text, s.opts.Thresholds) // the call's contract has parsed it already
	if err != nil {
		return fmt.Errorf("war-room: stored re-score: %w", err)
	}
	s.rec.Rescore = &rev
	rs, typ, mode := rev.Score, rev.Type, Mode(rev.Mode)
	parent := s.nodes["reversibility/"+record.AnonymousLabel(0)].ID
	if _, err := s.addNode("reversibility", 2, record.AnonymousLabel(0), c.Text, c.Role, c.At, parent); err != nil {
		return err
	}
	switch {
	case mode.Heavier(s.rec.Mode):
		s.rec.Notes = append(s.rec.Notes, fmt.Sprintf("Re-scored after the escalation with the new intelligence and courses of action: "+
			"RS %.2f (was %.2f), type %s, above the %s ceiling %.2f, so the deliberation routes again to %s.",
			rs, s.rec.Rev.Score, typ, s.rec.Mode, ceiling(s.rec.Mode, s.opts.Thresholds), mode))
		s.route(mode)
	default:
		s.rec.Notes = append(s.rec.Notes, fmt.Sprintf("Re-scored after the escalation with the new intelligence and courses of action: "+
			"RS %.2f (was %.2f), type %s; the deliberation stays %s.", rs, s.rec.Rev.Score, typ, modePhrase(s.rec.Mode)))
	}
	return nil
}

// ceiling is the highest score mode m is recommended for.
func ceiling(m Mode, t Thresholds) float64 {
	switch m {
	case ModeExpress:
		return t[0]
	case ModeLightweight:
		return t[1]
	}
	return t[2]
}

// missing returns the seats of want that have is lacks.
func missing(want, have []string) []string {
	var out []string
	for _, w := range want {
		found := false
		for _, h := range have {
			found = found || h == w
		}
		if !found {
			out = append(out, w)
		}
	}
	return out
}
