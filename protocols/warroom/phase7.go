package warroom

import (
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
)

// phase7 unseals the attribution and has the decider synthesise.
func (s *state) phase7(ctx context.Context) error {
	attribution, err := s.unseal()
	if err != nil {
		return err
	}
	spec, err := s.kit.synthesis(synthesisInputs{Rev: s.rec.Rev, Intel: s.rec.Intel, Situation: s.rec.Situation,
		COAs: s.coaView(), Challenges: s.rec.Challenges, Premortems: s.rec.Premortems, Voting: s.votingRecord(), Ballots: s.lastBallots(), Leader: s.leader(),
		Attribution: attribution, Course: s.course(), Notes: strings.Join(s.rec.Notes, "\n"), Gaps: s.rec.Gaps})
	return s.synthesise(ctx, spec, err, s.coaLabels())
}

func (s *state) expressSynthesis(ctx context.Context) error {
	attribution, err := s.unseal()
	if err != nil {
		return err
	}
	spec, err := s.kit.expressSynthesis(s.rec.Rev, expressWhy(s.rec.Rev, s.rec.Recommend), s.rec.Express, s.rec.Challenges, attribution, s.rec.Gaps)
	if err := s.synthesise(ctx, spec, err, []string{"ratify", "override"}); err != nil {
		return err
	}
	s.recordVerdict()
	return nil
}

// recordVerdict says in the record whether the decider ratified or overrode the express
// recommendation: the outcome text alone does not, and an overridden recommendation is an
// alternative that was considered and rejected.
func (s *state) recordVerdict() {
	if len(s.rec.Express) == 0 {
		s.rec.Notes = append(s.rec.Notes, "The express recommendation produced nothing; the Supreme Commander decided alone.")
		return
	}
	if s.rec.Synthesis.Selected == "ratify" {
		s.rec.Notes = append(s.rec.Notes, "The Supreme Commander ratified the Chief Strategist's express recommendation.")
		return
	}
	s.rec.Notes = append(s.rec.Notes, "The Supreme Commander overrode the Chief Strategist's express recommendation.")
}

// synthesise makes the decider's call. Without a synthesis there is no decision.
func (s *state) synthesise(ctx context.Context, spec engine.CallSpec, err error, choices []string) error {
	c, err := s.must(ctx, keySynthesis, "Phase 7: synthesis", spec, err)
	if err != nil {
		return err
	}
	if s.rec.Synthesis, err = parseSynthesis(c.Text, choices); err != nil {
		return err
	}
	if _, err := s.addNode("synthesis", 1, "Response A", c.Text, c.Role, c.At, ""); err != nil {
		return err
	}
	return nil
}

func (s *state) coaLabels() []string {
	out := make([]string, len(s.rec.COAs))
	for i, c := range s.rec.COAs {
		out[i] = c.Label
	}
	return out
}

// unseal lifts the DAG's seal and renders who wrote what, for the synthesis only.
func (s *state) unseal() (string, error) {
	s.dag.Unseal()
	var b strings.Builder
	b.WriteString("| Phase | Round | Label | Seat | Profile | Model | Family |\n|---|---|---|---|---|---|---|\n")
	for _, n := range s.dag.Nodes {
		a, err := s.dag.Attribution(n.ID)
		if err != nil {
			return "", fmt.Errorf("war-room: unseal: %w", err)
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s |\n", n.Phase, n.Round, n.Label, roleTitle(a.Role), a.Profile, a.Model, a.Family)
	}
	return b.String(), nil
}

// votingRecord renders every round's standings for the synthesis.
func (s *state) votingRecord() string {
	var b strings.Builder
	for _, r := range s.rec.Rounds {
		fmt.Fprintf(&b, "Round %d: %d ballot(s). Borda standings: %s. Convergence %.2f.\n", r.Round, len(r.Ballots), r.Tally.Render(), r.Convergence)
		for _, t := range r.Tally.Ties {
			fmt.Fprintf(&b, "  Tie between %s, broken by the session seed in that order.\n", strings.Join(t, " and "))
		}
	}
	if n := len(s.rec.Rounds); n > 0 {
		fmt.Fprintf(&b, "Finalists: %s.\n", strings.Join(s.rec.Rounds[n-1].Tally.Finalists(), ", "))
	}
	return b.String()
}

// leader is the option the final Borda count put first, "" when no vote was held.
func (s *state) leader() string {
	if n := len(s.rec.Rounds); n > 0 && len(s.rec.Rounds[n-1].Tally.Standings) > 0 {
		return s.rec.Rounds[n-1].Tally.Standings[0].Label
	}
	return ""
}

// lastBallots are the final round's ballots as their voters wrote them, each named by its
// voter's seat (the attribution is unsealed for the decider), so the decider weighs the
// reasons behind the count and not only its totals.
func (s *state) lastBallots() []engine.NamedText {
	n := len(s.rec.Rounds)
	if n == 0 {
		return nil
	}
	r := s.rec.Rounds[n-1]
	var out []engine.NamedText
	for i, text := range r.Texts {
		if i < len(r.Voters) {
			out = append(out, engine.NamedText{Name: fmt.Sprintf("ballot of the %s, round %d", roleTitle(r.Voters[i]), r.Round), Text: text})
		}
	}
	return out
}

// course says, for the decider, how the deliberation was run. It is built from trusted values
// only; notes that quote model text go in fenced.
func (s *state) course() string {
	return fmt.Sprintf("The reversibility score %.2f (type %s) recommended %s mode; the deliberation ran in %s mode.",
		s.rec.Rev.Score, s.rec.Rev.Type, s.rec.Recommend, s.rec.Mode)
}
