package council

import (
	"embed"
	"fmt"

	"github.com/war-room/war-room/engine/panel"
	"github.com/war-room/war-room/engine/provider"
)

//go:embed roles/*.md
var roleFiles embed.FS

// Role keys. They are what configuration (protocols.council.roles.<key>), the ledger and the
// script provider name a role by; none of them ever reaches a model.
const (
	Architect    = "architect"
	Skeptic      = "skeptic"
	Operations   = "operations-lead"
	Steward      = "steward"
	Economist    = "economist"
	UserAdvocate = "user-advocate"
	// Clerk and Arbiter hold no seat: the clerk files the docket, the arbiter rules.
	Clerk   = "clerk"
	Arbiter = "arbiter"
)

// RoleSpec describes one role.
type RoleSpec struct {
	panel.Role
	// Seat is false for the clerk and the arbiter, who neither argue nor vote.
	Seat bool
	// Adversarial marks the seat whose job is to attack: the arbiter is kept off its family.
	Adversarial bool
}

func role(key, title string, seat, adversarial bool, effort provider.Effort) RoleSpec {
	return RoleSpec{Role: panel.Role{Key: key, Title: title, Effort: effort}, Seat: seat, Adversarial: adversarial}
}

// registry lists every role in the order teams, ballots and records use.
var registry = panel.NewRegistry(Protocol, roleFiles,
	role(Architect, "Architect", true, false, provider.EffortMedium),
	role(Skeptic, "Skeptic", true, true, provider.EffortHigh),
	role(Operations, "Operations Lead", true, false, provider.EffortMedium),
	role(Steward, "Steward", true, false, provider.EffortMedium),
	role(Economist, "Economist", true, false, provider.EffortMedium),
	role(UserAdvocate, "User Advocate", true, false, provider.EffortMedium),
	role(Clerk, "Clerk", false, false, provider.EffortLow),
	role(Arbiter, "Arbiter", false, false, provider.EffortHigh),
)

// Registry lists every role in order.
func Registry() []RoleSpec { return registry.All() }

// DefaultTeam is the team convened when neither flags nor configuration name one.
var DefaultTeam = []string{Architect, Skeptic, Operations, Steward}

// Spec returns the registry entry of a role key.
func Spec(key string) (RoleSpec, bool) { return registry.Spec(key) }

// RoleTitle returns a role's display title, or the key when unknown.
func RoleTitle(key string) string { return registry.Title(key) }

// SeatKeys lists the roles that can sit on a team, in registry order.
func SeatKeys() []string {
	var out []string
	for _, r := range Registry() {
		if r.Seat {
			out = append(out, r.Key)
		}
	}
	return out
}

// RoleKeys lists every role key, seats first, in registry order.
func RoleKeys() []string { return registry.Keys() }

// Body returns a role's system prompt: its brief and, for a seat, the rules every seat works
// by. No body names a role: a seat learns what it is for, never what it is called.
func Body(key string) (string, error) {
	spec, ok := Spec(key)
	if !ok {
		return "", fmt.Errorf("council: unknown role %q", key)
	}
	body, err := registry.Body(key)
	if err != nil || !spec.Seat {
		return body, err
	}
	rules, err := registry.File("seat-rules.md")
	if err != nil {
		return "", err
	}
	return body + "\n\n" + rules, nil
}
