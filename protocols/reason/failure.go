package reason

import (
	"errors"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
)

// ChainFailure ends a chain whose role produced no usable artifact after its retry. No
// answer is produced and nothing is improvised in its place.
type ChainFailure struct {
	Role    string `json:"role"`
	Step    string `json:"step"`
	Profile string `json:"profile"`
	Family  string `json:"family"`
	Model   string `json:"model"`
	// Class is the failure class: transport, refused, invalid-request, contract, budget or
	// timeout.
	Class     string `json:"class"`
	Attempts  int    `json:"attempts"`
	LastError string `json:"last_error"`
}

func (f *ChainFailure) Error() string {
	return fmt.Sprintf("reasoning chain failed at %s on profile %s (%s, %d attempt(s)): %s",
		f.Step, f.Profile, f.Class, f.Attempts, f.LastError)
}

// Report renders the failure as the CHAIN_FAILURE.md artifact.
func (f *ChainFailure) Report() string {
	var b strings.Builder
	b.WriteString("# Reasoning chain failed\n\nThe chain stopped; it produced no answer.\n\n")
	fmt.Fprintf(&b, "- Role: %s (step %s)\n- Profile: %s (family %s, model %s)\n", f.Role, f.Step, f.Profile, orNone(f.Family), orNone(f.Model))
	fmt.Fprintf(&b, "- Failure class: %s\n- Attempts: %d\n\n## Last error\n\n", f.Class, f.Attempts)
	for _, line := range strings.Split(f.LastError, "\n") {
		b.WriteString("    " + line + "\n")
	}
	return b.String()
}

func orNone(s string) string {
	if s == "" {
		return "none declared"
	}
	return s
}

// failure converts a call error into a ChainFailure for the slot; other errors pass through.
func failure(err error, slot Slot, p *engine.Profile) error {
	var ce *engine.CallError
	if !errors.As(err, &ce) {
		return err
	}
	f := &ChainFailure{Role: slot.Role, Step: slot.Key, Profile: slot.Profile, Family: slot.Family,
		Class: ce.Class, Attempts: ce.Attempts, LastError: ce.Err.Error()}
	if p != nil {
		f.Model = p.Model
	}
	return f
}

// FailureClass is the failed call's class, for reports that name why a session failed.
func (f *ChainFailure) FailureClass() string { return f.Class }
