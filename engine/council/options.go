package council

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Protocol is the Session.Protocol of a standing-team deliberation.
const Protocol = "council"

// InputQuestion names the question among the session inputs; context is named "context:…".
const InputQuestion = "question"

// DecisionArtifact is the artifact Execute stores its Decision under.
const DecisionArtifact = "decision.json"

// Limits and defaults.
const (
	// MinTeam is the smallest team: contention needs two seats.
	MinTeam = 2
	// MaxRounds bounds cross-examination cycles.
	MaxRounds             = 2
	DefaultSeatTimeout    = 120 * time.Second
	DefaultArbiterTimeout = 180 * time.Second
)

// RoleSetting pins a role: a non-empty Profile is never moved by the draw; a non-empty Effort
// wins over the role's default.
type RoleSetting = engine.RolePin

// Options is everything a deliberation needs besides its inputs and seed. It is stored with
// the session, so a resumed run seats the same team the same way.
type Options struct {
	// Team lists the seats, by role key, in registry order.
	Team []string `json:"team"`
	// Pool is the profiles unpinned roles are drawn from.
	Pool []string `json:"pool"`
	// Roles holds pins by role key (seats, "clerk" and "arbiter").
	Roles map[string]RoleSetting `json:"roles,omitempty"`
	// Rounds is the number of cross-examination cycles (1 or 2).
	Rounds         int           `json:"rounds"`
	SeatTimeout    time.Duration `json:"seat_timeout"`
	ArbiterTimeout time.Duration `json:"arbiter_timeout"`
	// Unscrubbed are the operator's exemptions from the identity scrubber
	// (protocols.council.unscrubbed); nothing else exempts a word.
	Unscrubbed []string `json:"unscrubbed,omitempty"`
}

// Validate reports settings no deliberation can run with.
func (o Options) Validate() error {
	var errs []error
	if len(o.Team) < MinTeam {
		errs = append(errs, fmt.Errorf("a team needs at least %d seats, got %d", MinTeam, len(o.Team)))
	}
	for i, k := range o.Team {
		if spec, ok := Spec(k); !ok || !spec.Seat {
			errs = append(errs, fmt.Errorf("%q is not a seat (seats: %s)", k, strings.Join(SeatKeys(), ", ")))
		} else if slices.Index(o.Team, k) != i {
			errs = append(errs, fmt.Errorf("seat %s is listed twice", k))
		}
	}
	for k, s := range o.Roles {
		if _, ok := Spec(k); !ok {
			errs = append(errs, fmt.Errorf("unknown council role %q (roles: %s)", k, strings.Join(RoleKeys(), ", ")))
		}
		if _, err := provider.ParseEffort(string(s.Effort)); err != nil {
			errs = append(errs, fmt.Errorf("role %s: %w", k, err))
		}
	}
	if o.Rounds < 1 || o.Rounds > MaxRounds {
		errs = append(errs, fmt.Errorf("cross-examination rounds must be 1 or %d, got %d", MaxRounds, o.Rounds))
	}
	if o.SeatTimeout < 0 || o.ArbiterTimeout < 0 {
		errs = append(errs, errors.New("timeouts must not be negative"))
	}
	return errors.Join(errs...)
}

// Defaulted fills unset values.
func (o Options) Defaulted() Options {
	if len(o.Team) == 0 {
		o.Team = slices.Clone(DefaultTeam)
	}
	if o.Rounds == 0 {
		o.Rounds = 1
	}
	if o.SeatTimeout == 0 {
		o.SeatTimeout = DefaultSeatTimeout
	}
	if o.ArbiterTimeout == 0 {
		o.ArbiterTimeout = DefaultArbiterTimeout
	}
	return o
}

// ExpectedCalls is how many calls a deliberation makes when nothing fails: a blind position,
// a cross-examination per round and a closing ballot per seat, the docket and the ruling.
func (o Options) ExpectedCalls() int { return len(o.Team)*(2+o.Rounds) + 2 }

// NewSession builds a standing-team session. inputs are the question (named InputQuestion)
// and any context; when inputs is empty the question alone is used.
func NewSession(question string, inputs []engine.Input, opts Options, seed int64, seedSource string) (*engine.Session, error) {
	return engine.NewOptionsSession(Protocol, Title(question), InputQuestion, question, inputs, opts, seed, seedSource)
}

// ContextInput captures a context file verbatim.
func ContextInput(path, text string) engine.Input { return engine.ContextInput(path, text) }

// Title is the decision title: "[Council] " and the question's first line, shortened.
func Title(question string) string { return engine.DecisionTitle("[Council]", question) }

// sessionOptions decodes the options stored in a session.
func sessionOptions(s *engine.Session) (Options, error) { return engine.SessionOptions[Options](s) }
