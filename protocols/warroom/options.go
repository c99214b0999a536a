package warroom

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/provider"
)

// Protocol is the Session.Protocol of a war-room deliberation.
const Protocol = "war-room"

// InputQuestion names the question among the session inputs; context files are named
// "context:" and their path.
const InputQuestion = "question"

// Defaults used when Options leave a value unset.
const (
	defaultExpertTimeout    = 120 * time.Second
	defaultSynthesisTimeout = 180 * time.Second
	defaultDelphiThreshold  = 0.85
	defaultDelphiMaxRounds  = 5
)

// Seat is a role bound to the profile that plays it.
type Seat struct {
	Profile string          `json:"profile"`
	Effort  provider.Effort `json:"effort,omitempty"`
}

// Options is everything a deliberation needs besides its inputs and seed. It is stored with
// the session, so a resumed run behaves exactly like the first.
type Options struct {
	// Mode is auto (route by the reversibility score) or a forced starting mode.
	Mode Mode `json:"mode"`
	// Thresholds are the express, lightweight and full-council ceilings.
	Thresholds Thresholds `json:"thresholds"`
	// Preset names where Thresholds came from, for the record ("" when set explicitly).
	Preset string `json:"preset,omitempty"`
	// Seats binds every registry role to a profile.
	Seats            map[string]Seat `json:"seats"`
	ExpertTimeout    time.Duration   `json:"expert_timeout"`
	SynthesisTimeout time.Duration   `json:"synthesis_timeout"`
	DelphiThreshold  float64         `json:"delphi_threshold"`
	DelphiMaxRounds  int             `json:"delphi_max_rounds"`
	// PlanReview marks the question as a review of an implementation plan: the additions
	// challenger then sits on every panel, express included.
	PlanReview bool `json:"plan_review,omitempty"`
	// AgentTeams runs the full council's and Delphi's exchanges (agentteams.go): the red
	// team questions the authors, premortems build on each other, Delphi members keep their
	// own earlier ballots.
	AgentTeams bool `json:"agent_teams,omitempty"`
	// ScoutBeside, on auto, has the Scout report beside phase 0 (overlap.go). NewSession sets
	// it when the session's inputs are small enough (scoutBesideBytes) that the report, wasted
	// when phase 0 picks the express path, costs little.
	ScoutBeside bool `json:"scout_beside,omitempty"`
	// Baseline asks for a plain vote over the final courses of action beside the decision
	// (--baseline, the configuration's baseline.calls).
	Baseline engine.Baseline `json:"baseline,omitzero"`
}

// Validate reports settings no deliberation can run with.
func (o Options) Validate() error {
	var errs []error
	if !slices.Contains(Modes, o.Mode) {
		errs = append(errs, fmt.Errorf("unknown mode %q (want %s)", o.Mode, joinModes()))
	}
	if err := o.Thresholds.Validate(); err != nil {
		errs = append(errs, err)
	}
	for _, key := range RoleKeys() {
		s, ok := o.Seats[key]
		if !ok || s.Profile == "" {
			errs = append(errs, fmt.Errorf("no profile plays role %s", key))
		}
		if _, err := provider.ParseEffort(string(s.Effort)); err != nil {
			errs = append(errs, fmt.Errorf("role %s: %w", key, err))
		}
	}
	for key := range o.Seats {
		if _, ok := spec(key); !ok {
			errs = append(errs, fmt.Errorf("unknown war-room role %q (roles: %s)", key, strings.Join(RoleKeys(), ", ")))
		}
	}
	if o.ExpertTimeout < 0 || o.SynthesisTimeout < 0 {
		errs = append(errs, errors.New("timeouts must not be negative"))
	}
	if o.DelphiThreshold <= 0 || o.DelphiThreshold > 1 {
		errs = append(errs, fmt.Errorf("delphi threshold %g is not in (0, 1]", o.DelphiThreshold))
	}
	if o.DelphiMaxRounds < 1 {
		errs = append(errs, fmt.Errorf("delphi max rounds %d is below 1", o.DelphiMaxRounds))
	}
	return errors.Join(errs...)
}

// Defaulted fills unset timeouts and Delphi settings.
func (o Options) Defaulted() Options {
	if o.Mode == "" {
		o.Mode = ModeAuto
	}
	if o.Thresholds == (Thresholds{}) {
		o.Thresholds = defaultThresholds
	}
	if o.ExpertTimeout == 0 {
		o.ExpertTimeout = defaultExpertTimeout
	}
	if o.SynthesisTimeout == 0 {
		o.SynthesisTimeout = defaultSynthesisTimeout
	}
	if o.DelphiThreshold == 0 {
		o.DelphiThreshold = defaultDelphiThreshold
	}
	if o.DelphiMaxRounds == 0 {
		o.DelphiMaxRounds = defaultDelphiMaxRounds
	}
	return o
}

// NewSession builds a war-room session. inputs are the question (named InputQuestion) and any
// context files; when inputs is empty the question alone is used.
func NewSession(question string, inputs []engine.Input, opts Options, seed int64, seedSource string) (*engine.Session, error) {
	return engine.NewOptionsSession(Protocol, title(question), InputQuestion, question, inputs, opts.Sized(question, inputs), seed, seedSource)
}

// Sized sets what depends on the size of a session's question and inputs: whether, on auto,
// the scout reports beside phase 0 (ScoutBeside). NewSession applies it; a dry run does, to
// forecast the same calls.
func (o Options) Sized(question string, inputs []engine.Input) Options {
	size := len(question)
	for _, in := range inputs {
		size += len(in.Text)
	}
	o.ScoutBeside = o.Mode == ModeAuto && size <= scoutBesideBytes
	return o
}

// title is the decision title: "[War Room] " and the question's first line, shortened.
func title(question string) string { return decision.Title("[War Room]", question) }

// sessionOptions decodes the options stored in a session.
func sessionOptions(s *engine.Session) (Options, error) { return engine.SessionOptions[Options](s) }
