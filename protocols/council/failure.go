package council

import (
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

// Failure ends a deliberation whose clerk or arbiter produced no usable answer after its
// retry. Nothing stands in for them: no decision is produced.
type Failure struct {
	Role    string `json:"role"`
	Step    string `json:"step"`
	Profile string `json:"profile"`
	// Class is the failed call's class: transport, refused, invalid-request, contract, budget
	// or timeout.
	Class     string `json:"class"`
	Attempts  int    `json:"attempts"`
	LastError string `json:"last_error"`
}

func (f *Failure) Error() string {
	return fmt.Sprintf("council: the %s (step %s, profile %s) produced no usable answer (%s, %d attempt(s)): %s",
		roleTitle(f.Role), f.Step, f.Profile, f.Class, f.Attempts, f.LastError)
}

// FailureClass is the failed call's class, for reports that name why a session failed.
func (f *Failure) FailureClass() string { return f.Class }

// failure converts a call error of a no-stand-in role into a Failure; other errors pass.
func failure(err error, step string, a Assignment) error {
	var ce *engine.CallError
	if !errors.As(err, &ce) {
		return err
	}
	return &Failure{Role: a.Role, Step: step, Profile: a.Profile, Class: ce.Class, Attempts: ce.Attempts, LastError: ce.Err.Error()}
}
