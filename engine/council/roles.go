package council

import (
	"embed"
	"fmt"
	"strings"

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
	Key   string
	Title string
	// Seat is false for the clerk and the arbiter, who neither argue nor vote.
	Seat bool
	// Adversarial marks the seat whose job is to attack: the arbiter is kept off its family.
	Adversarial bool
	Effort      provider.Effort
}

// Registry lists every role in the order teams, ballots and records use.
var Registry = []RoleSpec{
	{Architect, "Architect", true, false, provider.EffortMedium},
	{Skeptic, "Skeptic", true, true, provider.EffortHigh},
	{Operations, "Operations Lead", true, false, provider.EffortMedium},
	{Steward, "Steward", true, false, provider.EffortMedium},
	{Economist, "Economist", true, false, provider.EffortMedium},
	{UserAdvocate, "User Advocate", true, false, provider.EffortMedium},
	{Clerk, "Clerk", false, false, provider.EffortLow},
	{Arbiter, "Arbiter", false, false, provider.EffortHigh},
}

// DefaultTeam is the team convened when neither flags nor configuration name one.
var DefaultTeam = []string{Architect, Skeptic, Operations, Steward}

// Spec returns the registry entry of a role key.
func Spec(key string) (RoleSpec, bool) {
	for _, r := range Registry {
		if r.Key == key {
			return r, true
		}
	}
	return RoleSpec{}, false
}

// RoleTitle returns a role's display title, or the key when unknown.
func RoleTitle(key string) string {
	if r, ok := Spec(key); ok {
		return r.Title
	}
	return key
}

// SeatKeys lists the roles that can sit on a team, in registry order.
func SeatKeys() []string {
	var out []string
	for _, r := range Registry {
		if r.Seat {
			out = append(out, r.Key)
		}
	}
	return out
}

// RoleKeys lists every role key, seats first, in registry order.
func RoleKeys() []string {
	out := make([]string, len(Registry))
	for i, r := range Registry {
		out[i] = r.Key
	}
	return out
}

// Body returns a role's system prompt: its brief and, for a seat, the rules every seat works
// by. No body names a role: a seat learns what it is for, never what it is called.
func Body(key string) (string, error) {
	spec, ok := Spec(key)
	if !ok {
		return "", fmt.Errorf("council: unknown role %q", key)
	}
	b, err := roleFiles.ReadFile("roles/" + key + ".md")
	if err != nil {
		return "", fmt.Errorf("council: no role body for %q: %w", key, err)
	}
	body := strings.TrimSpace(string(b))
	if spec.Seat {
		rules, err := roleFiles.ReadFile("roles/seat-rules.md")
		if err != nil {
			return "", fmt.Errorf("council: seat rules: %w", err)
		}
		body += "\n\n" + strings.TrimSpace(string(rules))
	}
	return body, nil
}
