package warroom

import (
	"context"
	"slices"
	"sync"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// Two pairs of rounds read nothing of each other, so each pair runs as one round:
//
//   - phase 1's intelligence reads only the question, as phase 0's reversibility assessment
//     does, so the intelligence seats report while the strategist scores. Which seats phase 1
//     asks depends on the mode phase 0 picks. A forced mode's seats are known from the start.
//     On auto only the scout may report beside phase 0 (every panel but the express path
//     reads it; there it was a speculative call), and only when the session's inputs are
//     small (Options.ScoutBeside): a wasted report carries the whole context. The
//     intelligence officer, whom only a full council asks, reports after phase 0: a
//     speculative report there would be paid for by every lightweight deliberation.
//   - on a full council (or Delphi) the phase 4 challenges read the situation and the courses
//     of action, which the escalation check does not change there; they run beside it, and
//     are discarded only when it de-escalates. On a lightweight panel an escalation adds
//     courses of action the challenges must see, and in agent-teams mode the authors'
//     answers come first, so there the rounds stay apart.
//
// The early calls are the very steps their phase later reads (panel.Ahead), with the same
// prompts; the record is built in the phases' order as before, so nothing any role sees, and
// no part of the record, depends on the overlap.

// alongside runs lead with the calls of ahead made beside it, once lead's first call has been
// announced (so progress lists lead's call first), and returns when both are done. A call of
// ahead that failed is kept in s.failedAhead, for its phase to carry as a gap (known). A lead that
// makes no call (its step is stored: a resume) starts nothing beside it: its phase will ask for
// what it needs.
func (s *state) alongside(ctx context.Context, key string, ahead []panel.Task, lead func(context.Context) error) error {
	if len(ahead) == 0 {
		return lead(ctx)
	}
	started, finished := make(chan struct{}), make(chan struct{})
	var once sync.Once
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case <-started:
			for name, err := range panel.Ahead(ctx, s.r, key, ahead) {
				s.failedAhead[key+"/"+name] = err
			}
		case <-finished:
		}
	}()
	err := lead(engine.OnCallStarted(ctx, func() { once.Do(func() { close(started) }) }))
	close(finished)
	<-done
	return err
}

// scoutBesideBytes is the most session input (question and material) for which, on auto,
// the scout reports beside phase 0: about 16,000 tokens, a few cents on most models when the
// express path discards the report.
const scoutBesideBytes = 64 << 10

// intelAhead are the intelligence seats asked beside phase 0: the forced mode's, or on auto
// the seat every routed panel asks when the inputs are small; none when the mode is forced
// to express.
func intelAhead(opts Options) []string {
	switch {
	case opts.Mode == ModeExpress:
		return nil
	case opts.Mode == ModeAuto && opts.ScoutBeside:
		return intelSeats(ModeLightweight)
	case opts.Mode == ModeAuto:
		return nil
	}
	return intelSeats(opts.Mode)
}

// opening is phase 0, which scores reversibility and routes the session, with the
// intelligence seats reporting beside it.
func (s *state) opening(ctx context.Context) error {
	ts, err := tasks(intelAhead(s.opts), s.kit.intel)
	if err != nil {
		return err
	}
	return s.alongside(ctx, keyIntel, ts, s.phase0)
}

// challengesBeside reports whether the phase 4 challenges run beside the escalation check of
// a panel in mode.
func challengesBeside(mode Mode, agentTeams bool) bool {
	return (mode == ModeFull || mode == ModeDelphi) && !agentTeams
}

// checked runs the escalation check with the challenges beside it where they may.
func (s *state) checked(ctx context.Context) error {
	if !challengesBeside(s.rec.Mode, s.teams()) {
		return s.escalationCheck(ctx)
	}
	ts, err := tasks(challengeSeats, func(role string) (engine.CallSpec, error) {
		return s.kit.challenge(role, s.situation(), s.coaView(), nil)
	})
	if err != nil {
		return err
	}
	return s.alongside(ctx, keyChallenge, ts, s.escalationCheck)
}

// without is seats less those in done.
func without(seats, done []string) []string {
	return slices.DeleteFunc(slices.Clone(seats), func(r string) bool { return slices.Contains(done, r) })
}

// known marks the tasks of the phase under key whose calls already failed ahead of it in this
// run, so that the phase carries them as gaps instead of asking again.
func (s *state) known(key string, ts []panel.Task) []panel.Task {
	for i := range ts {
		ts[i].Failed = s.failedAhead[key+"/"+ts[i].Name]
	}
	return ts
}
