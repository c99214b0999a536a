package warroom

import (
	"fmt"
	"slices"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
)

// member is a seat resolved to the profile that plays it.
type member struct {
	Role     string          `json:"role"`
	Profile  string          `json:"profile"`
	Provider string          `json:"provider"`
	Model    string          `json:"model"`
	Family   string          `json:"family"`
	Effort   provider.Effort `json:"effort,omitempty"`
}

// seats are the panel's members as the engine's plan seats them.
func (p Panel) seats() []engine.Seat {
	out := make([]engine.Seat, 0, len(p.Members))
	for _, m := range p.Members {
		out = append(out, engine.Seat{Key: m.Role, Role: m.Role, Profile: m.Profile,
			Provider: m.Provider, Model: m.Model, Family: m.Family, Effort: m.Effort})
	}
	return out
}

// Attribution is the member as the Merkle DAG records it.
func (m member) Attribution() record.Attribution {
	return record.Attribution{Role: m.Role, Profile: m.Profile, Provider: m.Provider, Model: m.Model, Family: m.Family}
}

// Panel holds every registry seat, resolved, in registry order.
type Panel struct {
	Members []member `json:"members"`
}

// ResolvePanel binds each seat of opts to its profile in ps.
func ResolvePanel(opts Options, ps engine.Profiles) (Panel, error) {
	var p Panel
	for _, spec := range allRoles() {
		seat := opts.Seats[spec.Key]
		prof, err := ps.Get(seat.Profile)
		if err != nil {
			return Panel{}, fmt.Errorf("war-room role %s: %w", spec.Key, err)
		}
		effort := seat.Effort
		if effort == "" {
			effort = spec.Effort
		}
		p.Members = append(p.Members, member{Role: spec.Key, Profile: prof.Name, Provider: prof.Type,
			Model: prof.Model, Family: prof.Family, Effort: effort})
	}
	return p, nil
}

// Member returns the seat for a role key.
func (p Panel) Member(role string) member {
	for _, m := range p.Members {
		if m.Role == role {
			return m
		}
	}
	return member{Role: role}
}

// seats returns the role keys that sit in a mode, in registry order. The lightweight panel
// adds the quick-reconnaissance seat so that phase 1 has someone to run it; the additions
// challenger sits on every panel of a plan review.
func seats(mode Mode, planReview bool) []string {
	var keys []string
	switch mode {
	case ModeExpress:
		keys = []string{SupremeCommander, chiefStrategist}
		if planReview {
			keys = append(keys, prosecutionCounsel)
		}
	case ModeLightweight:
		keys = []string{SupremeCommander, chiefStrategist, scout, prosecutionCounsel, redTeam}
	default:
		keys = RoleKeys()
	}
	return inRegistryOrder(keys)
}

func inRegistryOrder(keys []string) []string {
	var out []string
	for _, k := range RoleKeys() {
		if slices.Contains(keys, k) {
			out = append(out, k)
		}
	}
	return out
}

// intelSeats run phase 1 in a mode.
func intelSeats(mode Mode) []string {
	if mode == ModeLightweight {
		return []string{scout}
	}
	return []string{intelOfficer, scout}
}

// coaAuthors draft courses of action in a mode; with their quotas they yield five in a full
// council and three in a lightweight one.
func coaAuthors(mode Mode) []string {
	if mode == ModeLightweight {
		return []string{chiefStrategist, prosecutionCounsel}
	}
	return []string{chiefStrategist, fieldTactician, prosecutionCounsel, logisticsOfficer}
}

// challengeSeats run phase 4.
var challengeSeats = []string{prosecutionCounsel, redTeam}

// voters are every seat of the mode but the decider; they vote and write premortems.
func voters(mode Mode, planReview bool) []string {
	return slices.DeleteFunc(seats(mode, planReview), func(k string) bool { return k == SupremeCommander })
}
