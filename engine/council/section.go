package council

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/war-room/war-room/engine"
)

// SectionKey is where the standing team's section sits in the configuration file
// (protocols.council).
const SectionKey = "council"

// Section is protocols.council: the standing team's own configuration.
type Section struct {
	Roles map[string]engine.RolePin `yaml:"roles" mapkey:"role"`
	// Unscrubbed are words the identity scrubber never withholds from members' text, though a
	// profile, model, family or role is called that: the operator's say, never the question's.
	Unscrubbed []string `yaml:"unscrubbed"`
}

// NewSection returns the section's defaults (nothing is set).
func NewSection() *Section { return &Section{} }

var _ engine.SectionValidator = (*Section)(nil)

// Validate checks role names, pins and profile references, and that no exemption is empty.
func (s *Section) Validate(c *engine.SettingsCheck) {
	engine.CheckRoles(c, "roles", s.Roles, RoleKeys(), "council role")
	for i, w := range s.Unscrubbed {
		if strings.TrimSpace(w) == "" {
			c.Errorf(fmt.Sprintf("unscrubbed[%d]", i), "is empty: name a word, or remove the entry")
		}
	}
}

// Flags are the command-line (and slash-command) settings that shape a deliberation.
type Flags struct {
	// Seats is a comma-separated list of seat role keys; empty means the configured team.
	Seats string
	// Rounds is the number of cross-examination cycles; 0 means 1.
	Rounds int
}

// OptionsFrom resolves a session's options from the section, the configured profiles and the
// flags. The team is --seats when given, else the default team plus every seat the section
// names under roles. Roles with a profile there are pinned; the rest are drawn at run time
// from the default pool (every profile that is not scripted, or every profile when all are).
// A staffing that cannot give the arbiter a non-adversarial family is refused here, before a
// session exists (see ErrNoArbiter).
func OptionsFrom(sec *Section, ps engine.Profiles, f Flags) (Options, error) {
	if sec == nil {
		sec = NewSection()
	}
	for name := range sec.Roles {
		if _, ok := Spec(name); !ok {
			return Options{}, fmt.Errorf("protocols.%s.roles.%s: unknown council role (roles: %s)", SectionKey, name, strings.Join(RoleKeys(), ", "))
		}
	}
	o := Options{Rounds: f.Rounds, Roles: map[string]RoleSetting{}, Pool: ps.DefaultPool(),
		Unscrubbed: slices.Clone(sec.Unscrubbed)}
	team, err := teamFrom(sec, f.Seats)
	if err != nil {
		return Options{}, err
	}
	o.Team = team
	for _, key := range RoleKeys() {
		if pin := sec.Roles[key]; pin != (RoleSetting{}) {
			o.Roles[key] = pin
		}
	}
	o = o.Defaulted()
	if err := o.Validate(); err != nil {
		return Options{}, fmt.Errorf("council: %w", err)
	}
	// Whether an arbiter can be seated does not depend on the seed, so any draw tells.
	if _, err := NewPlan(o, ps, rand.New(rand.NewPCG(0, 0))); err != nil {
		return Options{}, err
	}
	return o, nil
}

// ParseSeats reads a comma-separated seat list, in registry order.
func ParseSeats(v string) ([]string, error) {
	var team []string
	for _, k := range strings.Split(v, ",") {
		k = strings.TrimSpace(k)
		if spec, ok := Spec(k); !ok || !spec.Seat {
			return nil, fmt.Errorf("--seats: %q is not a seat (seats: %s)", k, strings.Join(SeatKeys(), ", "))
		}
		if slices.Contains(team, k) {
			return nil, fmt.Errorf("--seats: %s is listed twice", k)
		}
		team = append(team, k)
	}
	if len(team) < MinTeam {
		return nil, fmt.Errorf("--seats: a team needs at least %d seats", MinTeam)
	}
	return inRegistryOrder(team), nil
}

// ParseRounds reads the cross-examination rounds flag ("" means the default).
func ParseRounds(v string) (int, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > MaxRounds {
		return 0, fmt.Errorf("--rounds wants 1 or %d, got %q", MaxRounds, v)
	}
	return n, nil
}

func teamFrom(sec *Section, seats string) ([]string, error) {
	if strings.TrimSpace(seats) != "" {
		return ParseSeats(seats)
	}
	team := slices.Clone(DefaultTeam)
	for name := range sec.Roles {
		if spec, _ := Spec(name); spec.Seat && !slices.Contains(team, name) {
			team = append(team, name)
		}
	}
	return inRegistryOrder(team), nil
}

func inRegistryOrder(keys []string) []string {
	return slices.DeleteFunc(SeatKeys(), func(k string) bool { return !slices.Contains(keys, k) })
}
