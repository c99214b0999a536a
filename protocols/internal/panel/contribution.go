package panel

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Contribution is one seat's answer in one phase.
type Contribution struct {
	// Name is the item it answered: a role key, or what a revision revises.
	Name string `json:"name,omitempty"`
	Role string `json:"role"`
	// Label is the anonymous label the seat speaks under, where the protocol deals them
	// before the phase.
	Label string         `json:"label,omitempty"`
	Text  string         `json:"text"`
	Usage provider.Usage `json:"usage"`
	At    time.Time      `json:"at"`
}

// Gap is a seat that produced nothing where it was asked to contribute.
type Gap struct {
	Role    string `json:"role"`
	Label   string `json:"label,omitempty"`
	Phase   string `json:"phase"`
	Profile string `json:"profile,omitempty"`
	// Class is the failure class (transport, timeout, cancelled, refused, contract, budget, …).
	Class string `json:"class"`
	Error string `json:"error"`
}

// Describe names the gap for a reader: the seat and the phase.
func (g Gap) Describe(title func(role string) string) string { return title(g.Role) + " in " + g.Phase }

// PhaseResult is a phase's memoised aggregate: who answered, who did not, and when it ran.
// Storing it, failures included, is what makes a resumed session take exactly the path the
// interrupted one took: a failed seat is not retried into a different outcome.
type PhaseResult struct {
	Key           string         `json:"key"`
	Title         string         `json:"title"`
	Contributions []Contribution `json:"contributions"`
	Gaps          []Gap          `json:"gaps,omitempty"`
	Started       time.Time      `json:"started"`
	Ended         time.Time      `json:"ended"`
}

// Only returns the single contribution of a one-call phase, if it answered.
func (p PhaseResult) Only() (Contribution, bool) {
	if len(p.Contributions) == 0 {
		return Contribution{}, false
	}
	return p.Contributions[0], true
}

// LowQuorum ends a phase in which too few seats answered for it to mean anything. It is never
// converted into a decision, and it names every missing answer with its class and profile, so
// a budget ceiling or an outage is never reported as a mere count.
type LowQuorum struct {
	Phase          string
	Answered, Want int
	Gaps           []Gap
}

func (e *LowQuorum) Error() string {
	s := fmt.Sprintf("low quorum in %s: %d seat(s) answered, at least %d needed", e.Phase, e.Answered, e.Want)
	if e.Want <= 1 {
		s = e.Phase + " produced no answer"
	}
	// Each gap's error names the role, the profile and the class of its failure, and why.
	var missing []string
	for _, g := range e.Gaps {
		missing = append(missing, g.Error)
	}
	if len(missing) > 0 {
		s += ": " + strings.Join(missing, "; ")
	}
	return s
}

// FailureClass names the missing answers' class (the last one's when they differ), for
// reports that say why a session failed.
func (e *LowQuorum) FailureClass() string {
	if n := len(e.Gaps); n > 0 {
		return e.Gaps[n-1].Class
	}
	return "low-quorum"
}

// add records one task's outcome: a contribution, a gap for a failed call, or an error that
// must fail the phase (the run cancelled, the store failing).
func (p *PhaseResult) add(ctxErr error, t Task, c Contribution, err error) error {
	var ce *engine.CallError
	switch {
	case ctxErr != nil:
		return fmt.Errorf("%s: %w", p.Title, ctxErr)
	case err == nil:
		p.Contributions = append(p.Contributions, c)
	case errors.As(err, &ce):
		p.Gaps = append(p.Gaps, Gap{Role: t.Spec.Role, Label: t.Label, Phase: p.Title, Profile: t.Spec.Profile,
			Class: ce.Class, Error: ce.Error()})
	default:
		return fmt.Errorf("%s: %s: %w", p.Title, t.Name, err)
	}
	return nil
}
