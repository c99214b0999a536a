package panel

import (
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/promptsafe"
	"github.com/war-room/war-room/engine/provider"
)

// Seat is a role bound to the profile that plays it, as a call needs it.
type Seat struct {
	Role    string
	Profile string
	Effort  provider.Effort
}

// Kit assembles seats' calls. Building is pure: the same session, seating and stored results
// always give the same prompts, which is what makes a resumed run match an uninterrupted one.
// The session's inputs come first and unchanged in every call; model-written material after
// them is scrubbed of identities before any seat sees it.
type Kit struct {
	Base  []engine.NamedText
	Scrub promptsafe.Scrubber
}

// NewKit takes the session's inputs as every call's first inputs.
func NewKit(s *engine.Session, scrub promptsafe.Scrubber) Kit {
	base := make([]engine.NamedText, 0, len(s.Inputs))
	for _, in := range s.Inputs {
		base = append(base, engine.NamedText{Name: in.Name, Text: in.Text})
	}
	return Kit{Base: base, Scrub: scrub}
}

// Spec assembles one call: the role body, the session inputs, then the scrubbed material.
func (k Kit) Spec(seat Seat, body string, material []engine.NamedText, task string, contract func(string) error, timeout time.Duration) engine.CallSpec {
	all := make([]engine.NamedText, 0, len(k.Base)+len(material))
	all = append(all, k.Base...)
	for _, in := range material {
		all = append(all, engine.NamedText{Name: in.Name, Text: k.Scrub.Scrub(in.Text), Shared: in.Shared})
	}
	return k.Unsealed(seat, body, all[len(k.Base):], task, contract, timeout)
}

// Unsealed assembles a call whose material is fed as it is: only a synthesis meant to see the
// attribution.
func (k Kit) Unsealed(seat Seat, body string, material []engine.NamedText, task string, contract func(string) error, timeout time.Duration) engine.CallSpec {
	all := make([]engine.NamedText, 0, len(k.Base)+len(material))
	all = append(append(all, k.Base...), material...)
	return engine.CallSpec{Role: seat.Role, Profile: seat.Profile, Effort: seat.Effort, System: body,
		Inputs: all, Task: task, Contract: contract, Timeout: timeout}
}
