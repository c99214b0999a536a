package engine

import (
	"sync"
	"time"
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
	Kind      EventKind     `json:"kind"`
	SessionID string        `json:"session_id"`
	Phase     string        `json:"phase,omitempty"`
	Step      string        `json:"step,omitempty"`
	Role      string        `json:"role,omitempty"`
	Profile   string        `json:"profile,omitempty"`
	Message   string        `json:"message,omitempty"`
	Elapsed   time.Duration `json:"elapsed,omitempty"`
	Outcome   string        `json:"outcome,omitempty"`
	Time      time.Time     `json:"time"`
}

// Sink receives events. Emit must not block for long; it is called from run goroutines.
type Sink interface {
	Emit(Event)
}

// SinkFunc adapts a function to Sink.
type SinkFunc func(Event)

// Emit calls f.
func (f SinkFunc) Emit(e Event) { f(e) }

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
