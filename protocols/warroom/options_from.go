package warroom

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/war-room/war-room/engine"
)

// Flags are the command-line settings that override the configuration file.
type Flags struct {
	Mode Mode
	// Preset and Thresholds are mutually exclusive; Thresholds is "0.40,0.60,0.80".
	Preset     string
	Thresholds string
	PlanReview bool
	// AgentTeams asks for agent-teams mode (--agent-teams); the section's agent_teams too.
	AgentTeams bool
}

// OptionsFrom resolves a session's options from the protocol's configuration section, the
// configured profiles (descriptions suffice) and the flags. Seats the section does not pin
// follow its default_profile, and without one the default shape: each seat goes to a profile
// of the vendor family the protocol's registry prefers for it, spreading seats over profiles
// when a family is missing.
func OptionsFrom(w *Section, ps engine.Profiles, f Flags) (Options, error) {
	if w == nil {
		w = NewSection()
	}
	o := Options{Mode: f.Mode, PlanReview: f.PlanReview, AgentTeams: f.AgentTeams || w.AgentTeams, Seats: map[string]Seat{},
		ExpertTimeout: w.Timeouts.Expert, SynthesisTimeout: w.Timeouts.Synthesis,
		DelphiThreshold: w.Delphi.Threshold, DelphiMaxRounds: w.Delphi.MaxRounds}
	if o.Mode == "" {
		o.Mode = ModeAuto
	}
	var err error
	if o.Thresholds, o.Preset, err = thresholds(w, f); err != nil {
		return Options{}, err
	}
	for name := range w.Roles {
		if _, ok := spec(name); !ok {
			return Options{}, fmt.Errorf("protocols.%s.roles.%s: unknown war-room role (roles: %s)", SectionKey, name, strings.Join(RoleKeys(), ", "))
		}
	}
	used := map[string]int{}
	for _, spec := range allRoles() {
		pin := w.Roles[spec.Key]
		profile := cmp.Or(pin.Profile, w.DefaultProfile)
		if profile == "" {
			avoid := ""
			if a, ok := o.Seats[spec.Avoid]; ok && ps[a.Profile] != nil {
				avoid = ps[a.Profile].Family
			}
			if profile = shapeProfile(ps, spec.Family, avoid, used); profile == "" {
				return Options{}, errors.New("war-room: no provider profile is configured to play the panel")
			}
		}
		used[profile]++
		o.Seats[spec.Key] = Seat{Profile: profile, Effort: pin.Effort}
	}
	o = o.Defaulted()
	return o, o.Validate()
}

func thresholds(w *Section, f Flags) (Thresholds, string, error) {
	switch {
	case f.Preset != "" && f.Thresholds != "":
		return Thresholds{}, "", errors.New("--preset and --thresholds cannot be combined")
	case f.Thresholds != "":
		t, err := parseThresholds(f.Thresholds)
		return t, "", err
	case f.Preset != "":
		t, ok := PresetThresholds(Preset(f.Preset))
		if !ok {
			return Thresholds{}, "", unknownPreset(f.Preset)
		}
		return t, f.Preset, nil
	}
	t, preset := w.thresholdsOf()
	return t, preset, nil
}

// parseThresholds reads "0.40,0.60,0.80".
func parseThresholds(s string) (Thresholds, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return Thresholds{}, fmt.Errorf("--thresholds wants three comma-separated ceilings (express, lightweight, full council), got %q", s)
	}
	var t Thresholds
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return Thresholds{}, fmt.Errorf("--thresholds: %q is not a number", p)
		}
		t[i] = v
	}
	if err := t.Validate(); err != nil {
		return Thresholds{}, fmt.Errorf("--thresholds: %w", err)
	}
	return t, nil
}

// shapeProfile picks a profile for a seat whose family preference is family, from the
// default pool: the least-used profile of that family, else the least-used profile of any
// family but avoid, else the least-used profile of all.
func shapeProfile(ps engine.Profiles, family, avoid string, used map[string]int) string {
	names := ps.DefaultPool()
	for _, ok := range []func(f string) bool{
		func(f string) bool { return f == family && f != avoid },
		func(f string) bool { return f != avoid },
		func(string) bool { return true },
	} {
		best := ""
		for _, n := range names {
			if ok(ps[n].Family) && (best == "" || used[n] < used[best]) {
				best = n
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}
