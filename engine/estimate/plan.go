package estimate

import (
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Call is one model call a plan expects.
type Call struct {
	Role    string          `json:"role"`
	Profile string          `json:"profile"`
	Effort  provider.Effort `json:"effort,omitempty"`
	// InputTokens and OutputTokens, when set, are the caller's own sizes for this call (a
	// protocol that measures its inputs): they replace the recorded or seeded sizes, and the
	// range around them is half to twice.
	InputTokens  int64 `json:"input_tokens,omitempty"`
	OutputTokens int64 `json:"output_tokens,omitempty"`
}

// Phase is a set of calls that run at the same time; a plan's phases run one after another.
type Phase struct {
	Name  string `json:"name"`
	Calls []Call `json:"calls"`
}

// Plan is what a session expects to call, in order.
type Plan struct {
	// Seats is the number of deliberating seats (shown; it does not change the forecast).
	Seats  int     `json:"seats"`
	Phases []Phase `json:"phases"`
}

// Rounds counts the plan's phases that make a call: the rounds that run one after another.
func (p Plan) Rounds() int {
	n := 0
	for _, ph := range p.Phases {
		if len(ph.Calls) > 0 {
			n++
		}
	}
	return n
}

// Calls counts the plan's calls.
func (p Plan) Calls() int {
	n := 0
	for _, ph := range p.Phases {
		n += len(ph.Calls)
	}
	return n
}

// BaselinePhase is the plain vote a session asks for beside its decision (engine.Baseline) as
// the last phase of its plan: K ballots, on the profiles engine.BaselineProfiles spreads them
// over, each answering in a paragraph. A matched vote's K is known only once the deliberation
// has spent its tokens; the phase counts one ballot per deliberation call (a ballot reads less
// than the average deliberation call, so the real K is seldom lower), at most
// engine.MaxBaselineCalls. No vote asked: a phase without calls, which no sum counts.
func BaselinePhase(b engine.Baseline, seats []engine.Seat, deliberationCalls int) Phase {
	k := b.Calls
	if b.Matched {
		k = min(max(deliberationCalls, 1), engine.MaxBaselineCalls)
	}
	ph := Phase{Name: "baseline"}
	if !b.On() {
		return ph
	}
	for _, p := range engine.BaselineProfiles(seats, k) {
		ph.Calls = append(ph.Calls, Call{Role: engine.BaselineRole, Profile: p, OutputTokens: engine.BaselineAnswerTokens})
	}
	return ph
}
