package council

import (
	"fmt"
	"slices"

	"github.com/war-room/war-room/engine/record"
)

// DAG phases and the labels of the two single contributions.
const (
	dagBlind   = "blind"
	dagDocket  = "docket"
	dagCross   = "cross-examination"
	dagClosing = "closing"
	dagRuling  = "ruling"

	labelDocket = "Docket"
	labelRuling = "Ruling"
)

// dag rebuilds the session's Merkle DAG from the stored phase results, so an interrupted and
// a resumed run reach the same root. Every blind position, the docket, every
// cross-examination, every closing answer (a revision of its author's blind position) and the
// ruling is a node; the DAG stays sealed until the ruling is in.
func (s *state) dag() (*record.DAG, error) {
	d := record.NewDAG(s.r.Session().ID)
	blind := map[string]string{} // label → node id
	add := func(c contribution, phase string, round int, label, parent string) error {
		a, ok := s.author(c.Role)
		if !ok {
			return fmt.Errorf("council: dag: no assignment for role %s", c.Role)
		}
		n, err := d.Add(c.Text, phase, round, label, a.Attribution(), parent, c.At)
		if err != nil {
			return fmt.Errorf("council: %w", err)
		}
		if phase == dagBlind {
			blind[label] = n.ID
		}
		return nil
	}
	for _, c := range inLabelOrder(s.rec.Blind) {
		if err := add(c, dagBlind, 1, c.Label, ""); err != nil {
			return nil, err
		}
	}
	if c := s.rec.DocketC; c != nil {
		if err := add(*c, dagDocket, 1, labelDocket, ""); err != nil {
			return nil, err
		}
	}
	for i, res := range s.rec.Cross {
		for _, c := range inLabelOrder(res) {
			if err := add(c, dagCross, i+1, c.Label, ""); err != nil {
				return nil, err
			}
		}
	}
	for _, c := range inLabelOrder(s.rec.Closing) {
		if err := add(c, dagClosing, 1, c.Label, blind[c.Label]); err != nil {
			return nil, err
		}
	}
	if c := s.rec.RulingC; c != nil {
		if err := add(*c, dagRuling, 1, labelRuling, ""); err != nil {
			return nil, err
		}
		d.Unseal()
	}
	return d, nil
}

// author returns the assignment of a role in the plan.
func (s *state) author(role string) (Assignment, bool) {
	switch role {
	case Clerk:
		return s.plan.Clerk, true
	case Arbiter:
		return s.plan.Arbiter, true
	}
	return s.plan.Seat(role)
}

func inLabelOrder(p phaseResult) []contribution {
	out := slices.Clone(p.Contributions)
	slices.SortStableFunc(out, func(a, b contribution) int { return labelOrder(a.Label, b.Label) })
	return out
}
