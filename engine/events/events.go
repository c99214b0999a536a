// Package events holds what a running session tells the people watching it: progress events,
// which never carry model text, and narrations, which may and so reach only sinks that narrate.
package events

import (
	"sync"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// Kind names what happened.
type Kind string

// Event kinds.
const (
	SessionStarted  Kind = "session.started"
	SessionFinished Kind = "session.finished"
	Phase           Kind = "phase"
	CallStarted     Kind = "call.started"
	CallHeartbeat   Kind = "call.heartbeat"
	CallFinished    Kind = "call.finished"
	Gate            Kind = "gate"
	StepResumed     Kind = "step.resumed"
)

// Event is one progress fact. Events never carry model text: sinks such as the GitHub
// progress comment must not reveal content before synthesis.
type Event struct {
	Kind      Kind   `json:"kind"`
	SessionID string `json:"session_id"`
	// Protocol is the session's protocol, on every event.
	Protocol string `json:"protocol,omitempty"`
	Phase    string `json:"phase,omitempty"`
	Step     string `json:"step,omitempty"`
	Role     string `json:"role,omitempty"`
	Profile  string `json:"profile,omitempty"`
	// Family is the profile's model family, on call events.
	Family  string        `json:"family,omitempty"`
	Message string        `json:"message,omitempty"`
	Elapsed time.Duration `json:"elapsed,omitempty"`
	Outcome string        `json:"outcome,omitempty"`
	// Usage and CostUSD are what a finished call consumed, as its ledger row records them
	// (CostUSD is 0 on an unpriced profile).
	Usage   provider.Usage `json:"usage,omitzero"`
	CostUSD float64        `json:"cost_usd,omitempty"`
	Time    time.Time      `json:"time"`
}

// Sink receives events. Emit must not block for long; it is called from run goroutines.
type Sink interface {
	Emit(Event)
}

// Sinks fans one event out to several sinks, serialising calls so sinks need no locking.
type Sinks struct {
	mu    sync.Mutex
	sinks []Sink
}

// Add registers a sink.
func (s *Sinks) Add(k Sink) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sinks = append(s.sinks, k)
}

// Emit delivers e to every sink in order.
func (s *Sinks) Emit(e Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, k := range s.sinks {
		k.Emit(e)
	}
}

// narrationKind says what a narration holds.
type narrationKind string

// Narration kinds.
const (
	// NarrateExpect opens a parallel phase: how many answers it waits for (Expect), under
	// which step (Step), so that a narrator can count them in as they arrive — counts only.
	NarrateExpect narrationKind = "expect"
	// NarrateDigest is a phase's digest, once its content has been revealed.
	NarrateDigest narrationKind = "digest"
	// NarrateTurn is one contribution verbatim, once revealed (the fullest level shows it).
	NarrateTurn narrationKind = "turn"
)

// Narration is what a protocol tells a person watching, beyond the progress events. Unlike an
// Event it may carry model text, so it reaches only sinks that implement Narrator (never, for
// one, a progress comment on GitHub), and a protocol narrates a phase's content only once
// every member can see it: during blind positions a narrator hears counts, never content.
type Narration struct {
	Kind narrationKind `json:"kind"`
	// Phase is the phase's title; Step its step key (for counting its calls).
	Phase string `json:"phase"`
	Step  string `json:"step,omitempty"`
	// Expect is how many answers an expect narration waits for.
	Expect int `json:"expect,omitempty"`
	// Title names a turn ("Member B") or a digest ("Reveal").
	Title string    `json:"title,omitempty"`
	Text  string    `json:"text,omitempty"`
	Time  time.Time `json:"time"`
}

// Narrator is a sink that shows narrations to a person (the CLI's stderr).
type Narrator interface {
	Narrate(Narration)
}
