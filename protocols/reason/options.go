package reason

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/redact"
	"github.com/war-room/war-room/engine/settings"
)

// Protocol is the Session.Protocol of a reasoning chain.
const Protocol = "reason"

// Input names. Each is stored verbatim with its SHA-256 and fed to models fenced.
const (
	InputQuestion       = "QUESTION"
	InputFacts          = "FACTS"
	InputConstraints    = "CONSTRAINTS"
	InputCallerPosition = "CALLER_POSITION"
)

// Placeholders stored when the caller supplied no facts or no position.
const (
	noFacts    = "(none supplied)"
	noPosition = "(none)"
)

// roleSetting is configuration for one role. A non-empty Profile pins the role: the seeded
// draw never moves it. A non-empty Effort wins over the effort profile.
type roleSetting = settings.RolePin

// Options is everything a chain needs besides its inputs and seed. It is stored with the
// session, so a resumed run is planned from exactly the same settings.
type Options struct {
	// Pool is the profiles the draw may assign, in the order the draw sees them
	// (OptionsFromConfig sorts them by name, so the file's order does not matter).
	Pool []string `json:"pool"`
	// Roles holds per-role pins and efforts, keyed by role name.
	Roles         map[string]roleSetting `json:"roles,omitempty"`
	EffortProfile effortProfile          `json:"effort_profile"`
	// Passes is the number of compressor+attacker rounds (at least 1).
	Passes int `json:"passes"`
	// HighAssurance adds a second generator on a distinct profile.
	HighAssurance bool `json:"high_assurance"`
	// CallTimeout bounds each call (protocols.reason.timeouts.call); zero is the limit the
	// call's effort earns (limits.EffortTimeout).
	CallTimeout time.Duration `json:"call_timeout,omitempty"`
}

// Validate reports settings no chain can run with.
func (o Options) Validate() error {
	var errs []error
	if o.Passes < 1 {
		errs = append(errs, fmt.Errorf("passes must be at least 1, got %d", o.Passes))
	}
	if _, ok := effortTable[o.EffortProfile]; !ok {
		errs = append(errs, fmt.Errorf("unknown effort profile %q (want deep or fast)", o.EffortProfile))
	}
	for role, s := range o.Roles {
		if _, err := defaultEffort(effortDeep, role); err != nil {
			errs = append(errs, fmt.Errorf("roles: %w (want one of %s)", err, strings.Join(Roles, ", ")))
		}
		if _, err := provider.ParseEffort(string(s.Effort)); err != nil {
			errs = append(errs, fmt.Errorf("roles.%s: %w", role, err))
		}
	}
	return errors.Join(errs...)
}

// Inputs captures the chain's four inputs verbatim, substituting the placeholders for
// missing facts and position. Constraints, when not supplied, are stored as NoFacts too.
func Inputs(question, facts, constraints, callerPosition string) []engine.Input {
	return []engine.Input{
		engine.NewInput(InputQuestion, question),
		engine.NewInput(InputFacts, orDefault(facts, noFacts)),
		engine.NewInput(InputConstraints, orDefault(constraints, noFacts)),
		engine.NewInput(InputCallerPosition, orDefault(callerPosition, noPosition)),
	}
}

func orDefault(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// NewSession builds a reasoning session. inputs are normally the result of Inputs; the
// question among them must not be blank.
func NewSession(question string, inputs []engine.Input, opts Options, seed int64, seedSource string) (*engine.Session, error) {
	if strings.TrimSpace(question) == "" {
		return nil, errors.New("reason: the question is empty")
	}
	if err := opts.Validate(); err != nil {
		return nil, fmt.Errorf("reason: %w", err)
	}
	if len(inputs) == 0 {
		inputs = Inputs(question, "", "", "")
	}
	if err := checkInputs(question, inputs); err != nil {
		return nil, err
	}
	raw, err := json.Marshal(opts)
	if err != nil {
		return nil, fmt.Errorf("reason: encode options: %w", err)
	}
	return &engine.Session{Protocol: Protocol, Title: title(question), Inputs: inputs,
		Seed: seed, SeedSource: seedSource, Options: raw}, nil
}

// title is the decision title for a question: "[Reason] " and the question's first line.
func title(question string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(question), "\n")
	return "[Reason] " + strings.TrimSpace(first)
}

// sessionOptions decodes the options stored in a session.
func sessionOptions(s *engine.Session) (Options, error) {
	var o Options
	if err := json.Unmarshal(s.Options, &o); err != nil {
		return o, fmt.Errorf("reason: decode session options: %w", err)
	}
	return o, o.Validate()
}

// checkInputs insists on the four named inputs, the question among them verbatim.
func checkInputs(question string, inputs []engine.Input) error {
	s := engine.Session{Inputs: inputs}
	for _, name := range []string{InputQuestion, InputFacts, InputConstraints, InputCallerPosition} {
		if _, ok := s.Input(name); !ok {
			return fmt.Errorf("reason: input %s is missing", name)
		}
	}
	if q, _ := s.Input(InputQuestion); q != redact.Text(question) {
		return errors.New("reason: the QUESTION input differs from the question")
	}
	return nil
}
