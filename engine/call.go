package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// CallSpec is one role's model call. The prompt is built only from System (the role body),
// the fenced Inputs and Task; nothing else reaches the model.
type CallSpec struct {
	Role    string
	Profile string
	Effort  provider.Effort
	// System is the role body.
	System string
	// Inputs are fed fenced, in order; their names go into the ledger.
	Inputs []NamedText
	// Task is trusted text written by the protocol (what to produce now).
	Task      string
	MaxTokens int
	// Contract validates the answer; a violation is retried once with the reason.
	Contract func(text string) error
	// Timeout bounds each attempt (0: none beyond ctx).
	Timeout time.Duration
}

// CallResult is a successful call. It survives a Step's JSON round trip except for Profile,
// which holds a live provider; ProfileName names it.
type CallResult struct {
	Text        string         `json:"text"`
	Profile     *Profile       `json:"-"`
	ProfileName string         `json:"profile"`
	Usage       provider.Usage `json:"usage"`
	Attempts    int            `json:"attempts"`
	Scripted    bool           `json:"scripted,omitempty"`
}

// Failure classes of a call beyond the provider's own.
const (
	ClassContract = "contract"
	ClassBudget   = "budget"
	// ClassTimeout: the call's own deadline expired before an answer came.
	ClassTimeout = "timeout"
	// ClassCancelled: the caller's context ended (Ctrl-C, a cancelled job) before an answer
	// came. It says nothing about the provider, and is never a timeout.
	ClassCancelled = "cancelled"
)

// CallError is a call that produced no usable answer.
type CallError struct {
	Role, Profile string
	// Class is a provider class (transport, refused, invalid-request) or contract, budget,
	// timeout, cancelled.
	Class    string
	Attempts int
	Err      error
}

func (e *CallError) Error() string {
	return fmt.Sprintf("role %s on profile %s failed (%s) after %d attempt(s): %v",
		e.Role, e.Profile, e.Class, e.Attempts, e.Err)
}

func (e *CallError) Unwrap() error { return e.Err }

// ErrBudgetExceeded is wrapped by calls refused because the session's ceiling was passed.
var ErrBudgetExceeded = errors.New("budget ceiling passed")

// Call makes one role's model call: at most two attempts (a transport failure or a contract
// violation is retried once; a refusal or invalid request is not), each recorded in the
// ledger. Call is not memoised itself; protocols wrap it in a Step.
func (r *Run) Call(ctx context.Context, spec CallSpec) (CallResult, error) {
	p, err := r.cfg.Profiles.Get(spec.Profile)
	if err != nil {
		return CallResult{}, &CallError{Role: spec.Role, Profile: spec.Profile, Class: string(provider.ClassInvalidRequest), Err: err}
	}
	user, prefix := r.assemble(spec.Inputs, spec.Task)
	var last error
	var class string
	for attempt := 1; attempt <= 2; attempt++ {
		res, err := r.attempt(ctx, spec, p, user, prefix, attempt)
		if err == nil {
			return res, nil
		}
		last, class = err, classify(err)
		var cv *contractViolation
		switch {
		case errors.As(err, &cv):
			user = user + "\n\nYour previous answer was rejected because it did not meet the required " +
				"format: " + cv.reason + "\nAnswer again in full, meeting every requirement."
		case class == ClassBudget, class == string(provider.ClassRefused),
			class == string(provider.ClassInvalidRequest), ctx.Err() != nil:
			return CallResult{}, &CallError{spec.Role, spec.Profile, class, attempt, last}
		}
	}
	return CallResult{}, &CallError{spec.Role, spec.Profile, class, 2, last}
}

type contractViolation struct{ reason string }

func (c *contractViolation) Error() string { return "contract violated: " + c.reason }

func classify(err error) string {
	var cv *contractViolation
	switch {
	case errors.As(err, &cv):
		return ClassContract
	case errors.Is(err, ErrBudgetExceeded):
		return ClassBudget
	case errors.Is(err, errCallCancelled):
		return ClassCancelled
	case errors.Is(err, context.DeadlineExceeded):
		return ClassTimeout
	}
	return string(provider.ClassOf(err))
}
