package council

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
)

// Flags are the command-line (and slash-command) settings that shape a deliberation.
type Flags struct {
	// Seats is a comma-separated list of seat role keys; empty means the configured team.
	Seats string
	// Rounds is the number of cross-examination cycles; 0 means 1.
	Rounds int
}

// OptionsFromConfig resolves a session's options from protocols.council and the flags. The
// team is --seats when given, else the default team plus every seat the file names under
// protocols.council.roles. Roles with a profile there are pinned; the rest are drawn at run
// time from the pool (every profile that is not scripted, or every profile when all are).
// A staffing that cannot give the arbiter a non-adversarial family is refused here, before a
// session exists (see ErrNoArbiter).
func OptionsFromConfig(cfg *config.Config, f Flags) (Options, error) {
	for name := range cfg.Protocols.Council.Roles {
		if _, ok := Spec(name); !ok {
			return Options{}, fmt.Errorf("protocols.council.roles.%s: unknown council role (roles: %s)", name, strings.Join(RoleKeys(), ", "))
		}
	}
	o := Options{Rounds: f.Rounds, Roles: map[string]RoleSetting{}, Pool: pool(cfg),
		Unscrubbed: slices.Clone(cfg.Protocols.Council.Unscrubbed)}
	team, err := teamFrom(cfg, f.Seats)
	if err != nil {
		return Options{}, err
	}
	o.Team = team
	for _, key := range RoleKeys() {
		profile, effort, pinned := cfg.RoleAssignment(string(config.ProtocolCouncil), key)
		s := RoleSetting{Effort: effort}
		if pinned {
			s.Profile = profile
		}
		if s != (RoleSetting{}) {
			o.Roles[key] = s
		}
	}
	o = o.withDefaults()
	if err := o.Validate(); err != nil {
		return Options{}, fmt.Errorf("council: %w", err)
	}
	// Whether an arbiter can be seated does not depend on the seed, so any draw tells.
	if _, err := NewPlan(o, Profiles(cfg), rand.New(rand.NewPCG(0, 0))); err != nil {
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

func teamFrom(cfg *config.Config, seats string) ([]string, error) {
	if strings.TrimSpace(seats) != "" {
		return ParseSeats(seats)
	}
	team := slices.Clone(DefaultTeam)
	for name := range cfg.Protocols.Council.Roles {
		if spec, _ := Spec(name); spec.Seat && !slices.Contains(team, name) {
			team = append(team, name)
		}
	}
	return inRegistryOrder(team), nil
}

func inRegistryOrder(keys []string) []string {
	return slices.DeleteFunc(SeatKeys(), func(k string) bool { return !slices.Contains(keys, k) })
}

// pool is every profile that is not scripted, sorted; every profile when all are scripted.
func pool(cfg *config.Config) []string {
	all := slices.Sorted(maps.Keys(cfg.Providers))
	real := slices.DeleteFunc(slices.Clone(all), func(n string) bool { return cfg.Providers[n].Type == config.TypeScript })
	if len(real) == 0 {
		return all
	}
	return real
}

// Profiles describes the configured profiles for planning only: names, types, models and
// families, with no provider behind them.
func Profiles(cfg *config.Config) engine.Profiles {
	out := engine.Profiles{}
	for n, p := range cfg.Providers {
		out[n] = &engine.Profile{Name: n, Type: string(p.Type), Model: p.Model, Family: p.Family}
	}
	return out
}
