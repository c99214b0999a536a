package council

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/evidence"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/internal/memory"
)

// SectionKey is where the standing team's section sits in the configuration file
// (protocols.council).
const SectionKey = "council"

// Section is protocols.council: the standing team's own configuration.
type Section struct {
	Roles map[string]settings.RolePin `yaml:"roles" mapkey:"role"`
	// Unscrubbed are words the identity scrubber never withholds from members' text, though a
	// profile, model, family or role is called that: the operator's say, never the question's.
	Unscrubbed []string `yaml:"unscrubbed"`
	// Timeouts bound one call of each kind; unset, a call's limit follows its effort.
	Timeouts SectionTimeouts `yaml:"timeouts"`
}

// SectionTimeouts are protocols.council.timeouts.
type SectionTimeouts struct {
	Seat    time.Duration `yaml:"seat"`
	Clerk   time.Duration `yaml:"clerk"`
	Arbiter time.Duration `yaml:"arbiter"`
	Triage  time.Duration `yaml:"triage"`
}

// NewSection returns the section's defaults (nothing is set).
func NewSection() *Section { return &Section{} }

var _ settings.SectionValidator = (*Section)(nil)

// Validate checks role names, pins and profile references, and that no exemption is empty.
func (s *Section) Validate(c *settings.Check) {
	settings.CheckRoles(c, "roles", s.Roles, RoleKeys(), "council role")
	for key, d := range map[string]time.Duration{timeoutSeat: s.Timeouts.Seat, timeoutClerk: s.Timeouts.Clerk,
		timeoutArbiter: s.Timeouts.Arbiter, timeoutTriage: s.Timeouts.Triage} {
		if d == 0 && c.IsSet("timeouts."+key) {
			c.Errorf("timeouts."+key, "must be greater than zero (leave it out for the limit the call's effort earns)")
		}
	}
	for i, w := range s.Unscrubbed {
		if strings.TrimSpace(w) == "" {
			c.Errorf(fmt.Sprintf("unscrubbed[%d]", i), "is empty: name a word, or remove the entry")
		}
	}
}

// Flags are the command-line (and slash-command) settings that shape a deliberation.
type Flags struct {
	// Seats is a comma-separated list of member keys; empty means the profile's team.
	Seats string
	// Rounds is the number of cross-examination cycles; 0 means the profile's.
	Rounds int
	// Profile names the composition profile; empty means the catalog's default.
	Profile string
	// Go skips the roster and estimate card (never triage).
	Go bool
}

// Env is what the caller found around the question: the catalog the team is convened from
// (the built-in one, or a repository's layer over it).
type Env struct {
	// Catalog is the roster, profiles and priors; the zero value means Builtin().
	Catalog Catalog
	// Evidence is the repository checkout, pinned to a commit, that the seats' probes read
	// (zero: none; every request is then refused, and recorded).
	Evidence evidence.Source
	// Memory is the scope's member memory; only its approved, admissible items are kept.
	Memory []memory.Item
	// Intent is the repository's intent file, when it has one.
	Intent *Intent
}

// Convene resolves a session's options from the section, the configured profiles, the flags
// and what the caller found. The team is --seats when given, else the composition profile's
// members plus every member the section names under roles; their cards, the profile's pins,
// rounds and seat-call cap and the catalog's priors go into the options. Roles with a
// profile in the section are pinned; the rest are drawn at run time from the default pool
// (every profile that is not scripted, or every profile when all are). A staffing that cannot
// span two families or give the arbiter a non-adversarial family is refused here, before a
// session exists (see ErrOneFamily, ErrNoArbiter).
func Convene(sec *Section, ps engine.Profiles, f Flags, env Env) (Options, error) {
	if sec == nil {
		sec = NewSection()
	}
	cat := env.Catalog
	if len(cat.Members) == 0 {
		cat = Builtin()
	}
	if err := cat.Check(); err != nil {
		return Options{}, err
	}
	prof, ok := cat.Profile(f.Profile)
	if !ok {
		return Options{}, fmt.Errorf("council: unknown composition profile %q (profiles: %s)", f.Profile, strings.Join(cat.ProfileNames(), ", "))
	}
	r := roster{members: cat.Members}
	for name := range sec.Roles {
		if _, ok := r.Spec(name); !ok {
			return Options{}, fmt.Errorf("protocols.%s.roles.%s: unknown council role (roles: %s)", SectionKey, name, strings.Join(r.Keys(), ", "))
		}
	}
	team, err := teamFrom(sec, f.Seats, prof, r)
	if err != nil {
		return Options{}, err
	}
	o := Options{Version: optionsVersion, Profile: prof.Name, Team: team, Rounds: f.Rounds, Roles: map[string]RoleSetting{},
		Pool: ps.DefaultPool(), Priors: cat.Priors, MaxSeatCalls: prof.MaxSeatCalls, Triage: prof.Triage, Go: f.Go, Evidence: env.Evidence,
		Memory: memory.Approved(env.Memory), Intent: env.Intent,
		SeatTimeout: sec.Timeouts.Seat, ClerkTimeout: sec.Timeouts.Clerk, ArbiterTimeout: sec.Timeouts.Arbiter, TriageTimeout: sec.Timeouts.Triage,
		Unscrubbed: slices.Clone(sec.Unscrubbed), PersonalData: prof.PersonalData}
	if prof.PersonalData {
		o.Memory = nil
	}
	if o.Rounds == 0 {
		o.Rounds = prof.Rounds
	}
	for _, k := range team {
		m, _ := cat.Member(k)
		if ov, ok := prof.Overlays[k]; ok {
			m.Overlay = &ov
		}
		o.Members = append(o.Members, m)
		if pin, ok := prof.Pins[k]; ok {
			if o.Pins == nil {
				o.Pins = map[string]Pin{}
			}
			o.Pins[k] = pin
		}
	}
	for _, key := range r.Keys() {
		if pin := sec.Roles[key]; pin != (RoleSetting{}) {
			o.Roles[key] = pin
		}
	}
	o = o.Defaulted()
	if err := o.Validate(); err != nil {
		return Options{}, fmt.Errorf("council: %w", err)
	}
	// Whether the team spans two families and an arbiter can be seated does not depend on
	// the seed, so any draw tells.
	if _, err := newPlan(o, ps, rand.New(rand.NewPCG(0, 0))); err != nil {
		return Options{}, err
	}
	return o, nil
}

func parseSeats(v string, r roster) ([]string, error) {
	var team []string
	for _, k := range strings.Split(v, ",") {
		k = strings.TrimSpace(k)
		if spec, ok := r.Spec(k); !ok || !spec.Seat {
			return nil, fmt.Errorf("--seats: %q is not a member of the roster (members: %s)", k, strings.Join(r.SeatKeys(), ", "))
		}
		if slices.Contains(team, k) {
			return nil, fmt.Errorf("--seats: %s is listed twice", k)
		}
		team = append(team, k)
	}
	if len(team) < minTeam {
		return nil, fmt.Errorf("--seats: a team needs at least %d seats", minTeam)
	}
	return inRosterOrder(team, r), nil
}

// ParseRounds reads the cross-examination rounds flag ("" means the default).
func ParseRounds(v string) (int, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxRounds {
		return 0, fmt.Errorf("--rounds wants 1 or %d, got %q", maxRounds, v)
	}
	return n, nil
}

// teamFrom is --seats when given, else the profile's members and then every other member
// the section pins, in roster order.
func teamFrom(sec *Section, seats string, prof Profile, r roster) ([]string, error) {
	if strings.TrimSpace(seats) != "" {
		return parseSeats(seats, r)
	}
	team := slices.Clone(prof.Members)
	var extra []string
	for name := range sec.Roles {
		if spec, _ := r.Spec(name); spec.Seat && !slices.Contains(team, name) {
			extra = append(extra, name)
		}
	}
	return append(team, inRosterOrder(extra, r)...), nil
}

func inRosterOrder(keys []string, r roster) []string {
	return slices.DeleteFunc(r.SeatKeys(), func(k string) bool { return !slices.Contains(keys, k) })
}
