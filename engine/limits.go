package engine

import (
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// Ceiling names a kind of setting a server may bound: protocols declare which of their
// settings fall under which ceiling, so that one check serves every protocol.
type Ceiling string

// The ceilings. Passes, rounds and seats multiply a session's calls; context bytes size
// every prompt.
const (
	// CeilingPasses bounds repeated passes over the same material (the reasoning chain's
	// compressor and attacker rounds).
	CeilingPasses Ceiling = "passes"
	// CeilingRounds bounds iterative rounds of a panel (Delphi rounds, cross-examination).
	CeilingRounds Ceiling = "rounds"
	// CeilingSeats bounds how many members a panel seats.
	CeilingSeats Ceiling = "seats"
	// CeilingContextBytes bounds the bytes of a session's inputs (question and context); the
	// engine measures it itself, for every protocol.
	CeilingContextBytes Ceiling = "context-bytes"
	// CeilingBaselineCalls bounds the ballots of a baseline vote (a matched vote counts as
	// the most it may ask, MaxBaselineCalls).
	CeilingBaselineCalls Ceiling = "baseline-calls"
)

// Bounded is one setting of a session that falls under a ceiling, as its protocol declares
// it from the session's resolved options.
type Bounded struct {
	Ceiling Ceiling
	// Shown is the setting as the person set it, for the refusal to quote ("--passes=40",
	// "protocols.war_room.delphi.max_rounds: 1000").
	Shown string
	Value int64
}

// Limit is one ceiling's bound: the largest value allowed, and the setting that imposes it
// ("war-room serve --max-passes").
type Limit struct {
	Max int64
	By  string
}

// Limits are the ceilings a server imposes on every session, which no repository
// configuration can raise.
type Limits struct {
	// Budget caps each session; a session runs under the lower of this and its own
	// (Budget.Within).
	Budget Budget
	// Bounds cap the settings protocols declare; a missing or zero Max is no bound.
	Bounds map[Ceiling]Limit
	// Calls caps every model call, whatever the profile or the protocol asks: see CallLimits.
	Calls CallLimits
}

// CallLimits bound each model call of a session (zero: no bound). A call asking for more is
// clamped, never refused, and the run's record says so once: a repository's timeout of an
// hour, or ten attempts, cannot hold one of the server's workers that long.
type CallLimits struct {
	// Time is the longest a call may take, all its attempts together.
	Time time.Duration
	// Attempts is the most requests one call may make.
	Attempts int
	// TimeBy and AttemptsBy name the settings that set them, for the note.
	TimeBy, AttemptsBy string
}

// LimitError is a session refused before it started because a setting passes a ceiling.
type LimitError struct {
	Setting Bounded
	Limit   Limit
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s is over this server's ceiling: %s=%d. Nothing was run; ask again within it.",
		e.Setting.Shown, e.Limit.By, e.Limit.Max)
}

// ErrOverLimit is wrapped by every *LimitError.
var ErrOverLimit = errors.New("over a server ceiling")

func (e *LimitError) Unwrap() error { return ErrOverLimit }

// Check refuses a new session any of whose declared settings, or whose inputs' size, passes
// a ceiling: it returns the first such as a *LimitError, before anything is spent.
func (l Limits) Check(s *Session, declared []Bounded) error {
	n := int64(0)
	for _, in := range s.Inputs {
		n += int64(len(in.Text))
	}
	all := append([]Bounded{{Ceiling: CeilingContextBytes, Value: n,
		Shown: fmt.Sprintf("The question and its context (%d bytes)", n)}}, declared...)
	for _, b := range all {
		if lim, ok := l.Bounds[b.Ceiling]; ok && lim.Max > 0 && b.Value > lim.Max {
			return &LimitError{Setting: b, Limit: lim}
		}
	}
	return nil
}

// EffortTimeout is the time limit a call at effort e earns when no setting gives it one: a
// thinking model at a high effort takes minutes. No effort counts as medium.
func EffortTimeout(e provider.Effort) time.Duration {
	switch e {
	case provider.EffortHigh:
		return 3 * time.Minute
	case provider.EffortXHigh:
		return 4 * time.Minute
	case provider.EffortMax:
		return 5 * time.Minute
	}
	return 2 * time.Minute
}
