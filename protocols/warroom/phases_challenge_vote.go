package warroom

import (
	"context"
	"fmt"
	"slices"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// phase4 has every course of action challenged.
func (s *state) phase4(ctx context.Context) error {
	s.teamsNote()
	var clarifications []panel.Labeled
	if s.teams() {
		var err error
		if clarifications, err = s.askAuthors(ctx); err != nil {
			return err
		}
	}
	ts, err := tasks(challengeSeats, func(role string) (engine.CallSpec, error) {
		return s.kit.challenge(role, s.situation(), s.coaView(), clarifications)
	})
	if err != nil {
		return err
	}
	p, err := panel.FanOut(ctx, s.r, keyChallenge, "Phase 4: challenge", s.known(keyChallenge, ts), 1)
	if err != nil {
		return err
	}
	s.absorb(p)
	s.rec.Challenges, err = s.label("challenge", 1, p)
	return err
}

// phase5 votes, and in Delphi mode revises and re-votes until the ballots converge or the
// rounds run out.
func (s *state) phase5(ctx context.Context) error {
	for round := 1; ; round++ {
		if round > 1 {
			if err := s.revise(ctx, round); err != nil {
				return err
			}
		}
		vr, err := s.vote(ctx, round)
		if err != nil {
			return err
		}
		s.rec.Rounds = append(s.rec.Rounds, vr)
		if s.rec.Mode != ModeDelphi || !anotherRound(round, vr.Convergence, s.opts.DelphiThreshold, s.opts.DelphiMaxRounds) {
			return nil
		}
	}
}

// vote runs one Borda round: each voter sees the options in its own seeded order.
func (s *state) vote(ctx context.Context, round int) (voteRound, error) {
	key := fmt.Sprintf("%s/round-%d", keyVote, round)
	voters := voters(s.rec.Mode, s.opts.PlanReview)
	view := s.coaView()
	ls := make([]string, len(view))
	for i, c := range view {
		ls[i] = c.Label
	}
	orders := presentationOrders(ls, len(voters), s.r.Rand(key+"/orders"))
	ts := make([]panel.Task, len(voters))
	for i, v := range voters {
		spec, err := s.kit.vote(v, reorder(view, orders[i]), s.rec.Challenges, s.ownBallot(v))
		if err != nil {
			return voteRound{}, err
		}
		ts[i] = panel.Task{Name: v, Spec: spec}
	}
	p, err := panel.FanOut(ctx, s.r, key, fmt.Sprintf("Phase 5: vote, round %d", round), ts, 1)
	if err != nil {
		return voteRound{}, err
	}
	s.absorb(p)
	vr := voteRound{Round: round}
	for _, c := range p.Contributions {
		b, err := parseRanking(c.Text, ls)
		if err != nil {
			return voteRound{}, fmt.Errorf("war-room: ballot of %s: %w", c.Role, err)
		}
		vr.Voters, vr.Ballots = append(vr.Voters, c.Role), append(vr.Ballots, b)
		vr.Texts = append(vr.Texts, c.Text)
	}
	if _, err := s.label("vote", round, p); err != nil {
		return voteRound{}, err
	}
	vr.Tally = borda(ls, vr.Ballots, s.r.Rand(key+"/tiebreak"))
	vr.Convergence = convergence(ls, vr.Ballots)
	return vr, nil
}

// reorder returns items in the label order given.
func reorder(items []panel.Labeled, order []string) []panel.Labeled {
	out := make([]panel.Labeled, 0, len(items))
	for _, l := range order {
		i := slices.IndexFunc(items, func(it panel.Labeled) bool { return it.Label == l })
		out = append(out, items[i])
	}
	return out
}

// revise has each course of action's author revise it; each revision is a new DAG node whose
// parent is the version it revises. A failed revision keeps the previous version.
func (s *state) revise(ctx context.Context, round int) error {
	key := fmt.Sprintf("%s/round-%d", keyRevise, round)
	view, tally := s.coaView(), s.rec.Rounds[len(s.rec.Rounds)-1].Tally.Render()
	var ts []panel.Task
	for i, c := range s.rec.COAs {
		others := slices.Delete(slices.Clone(view), i, i+1)
		spec, err := s.kit.revision(c.Author, view[i], others, s.rec.Challenges, tally, s.ownBallot(c.Author))
		if err != nil {
			return err
		}
		ts = append(ts, panel.Task{Name: c.Label, Spec: spec})
	}
	p, err := panel.FanOut(ctx, s.r, key, fmt.Sprintf("Phase 5: Delphi revision, round %d", round), ts, 1)
	if err != nil {
		return err
	}
	s.absorb(p)
	for _, c := range p.Contributions {
		i := slices.IndexFunc(s.rec.COAs, func(x coa) bool { return x.Label == c.Name })
		cs, err := parseCOAs(c.Text)
		if err != nil || len(cs) != 1 {
			return fmt.Errorf("war-room: revision of %s: %v", c.Name, err)
		}
		next := cs[0]
		next.Label, next.Author, next.Round, next.At = c.Name, c.Role, round, c.At
		parent := s.nodes["coa/"+c.Name].ID
		if _, err := s.addNode("coa", round, c.Name, next.Render(), c.Role, c.At, parent); err != nil {
			return err
		}
		s.rec.COAs[i] = next
	}
	return nil
}

// phase6 has every voter imagine the finalists failing.
func (s *state) phase6(ctx context.Context) error {
	final := s.rec.Rounds[len(s.rec.Rounds)-1].Tally.Finalists()
	var finalists []panel.Labeled
	for _, c := range s.coaView() {
		if slices.Contains(final, c.Label) {
			finalists = append(finalists, c)
		}
	}
	if s.teams() {
		return s.chainPremortems(ctx, finalists)
	}
	ts, err := tasks(voters(s.rec.Mode, s.opts.PlanReview), func(role string) (engine.CallSpec, error) {
		return s.kit.premortem(role, finalists, s.rec.Challenges)
	})
	if err != nil {
		return err
	}
	p, err := panel.FanOut(ctx, s.r, keyPremortem, "Phase 6: premortem", ts, 1)
	if err != nil {
		return err
	}
	s.absorb(p)
	s.rec.Premortems, err = s.label("premortem", 1, p)
	return err
}
