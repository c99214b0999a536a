package warroom

import (
	"context"
	"fmt"
	"strings"
)

// autoEscalation is the mode the score demands when the deliberation runs lighter than it
// recommends (a forced lighter mode), and the sentence that says so; "" when none applies.
func autoEscalation(recommend, mode Mode, rs float64, t Thresholds) (Mode, string) {
	if !recommend.Heavier(mode) {
		return mode, ""
	}
	ceiling := t[1]
	if mode == ModeFull {
		ceiling = t[2]
	}
	return recommend, fmt.Sprintf("RS %.2f is above the %s ceiling %.2f, so the deliberation escalates to %s automatically.",
		rs, mode, ceiling, recommend)
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
	rev, err := ParseEscalation(c.Text)
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
		s.rec.Mode = ModeExpress
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
	s.rec.Mode = target
	if from != ModeLightweight {
		return nil
	}
	if err := s.intel(ctx, keyIntelMore, missing(intelSeats(target), intelSeats(from))); err != nil {
		return err
	}
	return s.draft(ctx, keyCOAMore, missing(coaAuthors(target), coaAuthors(from)))
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
