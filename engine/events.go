package engine

import (
	"context"
	"sync"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// EventKind names what happened.
type EventKind string

// Event kinds.
const (
	EventSessionStarted  EventKind = "session.started"
	EventSessionFinished EventKind = "session.finished"
	EventPhase           EventKind = "phase"
	EventCallStarted     EventKind = "call.started"
	EventCallHeartbeat   EventKind = "call.heartbeat"
	EventCallFinished    EventKind = "call.finished"
	EventGate            EventKind = "gate"
	EventStepResumed     EventKind = "step.resumed"
)

// Event is one progress fact. Events never carry model text: sinks such as the GitHub
// progress comment must not reveal content before synthesis.
type Event struct {
	Kind      EventKind `json:"kind"`
	SessionID string    `json:"session_id"`
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

// startedKey carries the func OnCallStarted registers.
type startedKey struct{}

// OnCallStarted returns ctx with f, which is called each time a call made under ctx has
// announced itself (EventCallStarted) and is about to be sent. A protocol that starts the calls
// of one round one after another uses it so that the order they are announced in (a progress
// table's rows) does not depend on scheduling. f may be called more than once (a retried call).
func OnCallStarted(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, startedKey{}, f)
}
