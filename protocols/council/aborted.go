package council

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// failureArtifact is the artifact an aborted session's missing answers are kept under.
const failureArtifact = "failure.json"

// missing is one answer a session needed and did not get.
type missing struct {
	Role  string `json:"role"`
	Title string `json:"title"`
	Label string `json:"label,omitempty"`
	// Profile is the provider profile that was asked.
	Profile string `json:"profile"`
	// Class is the failure class: budget, transport, contract, timeout, refused, …
	Class string `json:"class"`
	Error string `json:"error"`
}

// Aborted ends a session with too few answers (low quorum) or no clerk or arbiter: it names
// the composition profile and, for every missing answer, the role, the provider profile and
// the class of its failure, so that a budget ceiling or an outage is never reported as a
// mere count. It wraps the *LowQuorum or *Failure it was made from.
type Aborted struct {
	// Profile is the composition profile the team was convened from.
	Profile string    `json:"profile"`
	Phase   string    `json:"phase"`
	Reason  string    `json:"reason"`
	Missing []missing `json:"missing"`
	err     error
}

func (a *Aborted) Error() string { return a.render(true) }

// Summary is the failure without the errors of the calls, which may quote a model's answer:
// where it stopped, and for every missing answer who, on which provider profile, and its
// class. It is what a thread shows.
func (a *Aborted) Summary() string { return a.render(false) }

func (a *Aborted) render(detail bool) string {
	var parts []string
	for _, m := range a.Missing {
		who := "the " + m.Title
		if m.Label != "" {
			who += " (" + m.Label + ")"
		}
		part := fmt.Sprintf("%s on profile %s: %s", who, m.Profile, m.Class)
		if detail {
			part += " — " + m.Error
		}
		parts = append(parts, part)
	}
	s := fmt.Sprintf("council: the standing team (profile %s) stopped in %s: %s", orDefault(a.Profile, "built-in team"), a.Phase, a.Reason)
	if len(parts) > 0 {
		s += ". Missing: " + strings.Join(parts, "; ")
	}
	return s
}

func (a *Aborted) Unwrap() error { return a.err }

// FailureClass names the classes of the missing answers ("budget", "budget, transport").
func (a *Aborted) FailureClass() string {
	var cs []string
	for _, m := range a.Missing {
		if !slices.Contains(cs, m.Class) {
			cs = append(cs, m.Class)
		}
	}
	if len(cs) == 0 {
		return "low-quorum"
	}
	return strings.Join(cs, ", ")
}

// aborted turns a low quorum or a failed clerk or arbiter into an *Aborted and keeps it as
// an artifact of the session; other errors pass as they are.
func (s *state) aborted(ctx context.Context, err error) error {
	a := &Aborted{Profile: s.opts.Profile, err: err}
	var lq *LowQuorum
	var f *Failure
	switch {
	case errors.As(err, &lq):
		a.Phase = lq.Phase
		a.Reason = fmt.Sprintf("%d seat(s) answered, at least %d needed", lq.Answered, lq.Want)
		if lq.Want <= 1 {
			a.Reason = "no seat answered"
		}
		for _, g := range lq.Gaps {
			a.Missing = append(a.Missing, missing{Role: g.Role, Title: s.opts.Title(g.Role), Label: g.Label, Profile: g.Profile, Class: g.Class, Error: g.Error})
		}
	case errors.As(err, &f):
		a.Phase, a.Reason = f.Step, fmt.Sprintf("the %s gave no usable answer (%s, %d attempt(s))", s.opts.Title(f.Role), f.Class, f.Attempts)
		a.Missing = []missing{{Role: f.Role, Title: s.opts.Title(f.Role), Profile: f.Profile, Class: f.Class, Error: f.LastError}}
	default:
		return err
	}
	if b, jerr := json.MarshalIndent(a, "", "  "); jerr == nil {
		// Best effort: the failure itself is what the caller must see.
		_ = s.r.PutArtifact(context.WithoutCancel(ctx), failureArtifact, b)
	}
	return a
}
