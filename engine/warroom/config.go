package warroom

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/war-room/war-room/config"
)

// Flags are the command-line settings that override the configuration file.
type Flags struct {
	Mode Mode
	// Preset and Thresholds are mutually exclusive; Thresholds is "0.40,0.60,0.80".
	Preset     string
	Thresholds string
	PlanReview bool
}

// OptionsFromConfig resolves a session's options from the configuration and flags. Seats the
// file does not pin follow protocols.war_room.default_profile, and without one the default
// shape: each seat goes to a profile of the vendor family the protocol's registry prefers for
// it, spreading seats over profiles when a family is missing.
func OptionsFromConfig(cfg *config.Config, f Flags) (Options, error) {
	w := cfg.Protocols.WarRoom
	o := Options{Mode: f.Mode, PlanReview: f.PlanReview, Seats: map[string]Seat{},
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
		if _, ok := Spec(name); !ok {
			return Options{}, fmt.Errorf("protocols.war_room.roles.%s: unknown war-room role (roles: %s)", name, strings.Join(RoleKeys(), ", "))
		}
	}
	used := map[string]int{}
	for _, spec := range Registry {
		profile, effort, _ := cfg.RoleAssignment(string(config.ProtocolWarRoom), spec.Key)
		if profile == "" {
			if profile = shapeProfile(cfg, spec.Family, used); profile == "" {
				return Options{}, errors.New("war-room: no provider profile is configured to play the panel")
			}
		}
		used[profile]++
		o.Seats[spec.Key] = Seat{Profile: profile, Effort: effort}
	}
	o = o.withDefaults()
	return o, o.Validate()
}

func thresholds(w config.WarRoomConfig, f Flags) (Thresholds, string, error) {
	switch {
	case f.Preset != "" && f.Thresholds != "":
		return Thresholds{}, "", errors.New("--preset and --thresholds cannot be combined")
	case f.Thresholds != "":
		t, err := ParseThresholds(f.Thresholds)
		return t, "", err
	case f.Preset != "":
		t, ok := config.PresetThresholds(config.Preset(f.Preset))
		if !ok {
			return Thresholds{}, "", fmt.Errorf("unknown preset %q (want default, move-fast, risk-averse, startup or regulated)", f.Preset)
		}
		return t, f.Preset, nil
	case len(w.Thresholds) == 3:
		return w.EffectiveThresholds(), "", nil
	}
	return w.EffectiveThresholds(), string(w.Preset), nil
}

// ParseThresholds reads "0.40,0.60,0.80".
func ParseThresholds(s string) (Thresholds, error) {
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

// shapeProfile picks a profile for a seat whose family preference is family: the least-used
// profile of that family, else the least-used profile of all. Scripted profiles are used only
// when nothing else is configured.
func shapeProfile(cfg *config.Config, family string, used map[string]int) string {
	var names []string
	for _, n := range slices.Sorted(maps.Keys(cfg.Providers)) {
		if cfg.Providers[n].Type != config.TypeScript {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		names = slices.Sorted(maps.Keys(cfg.Providers))
	}
	best := ""
	for _, preferFamily := range []bool{true, false} {
		for _, n := range names {
			if preferFamily && cfg.Providers[n].Family != family {
				continue
			}
			if best == "" || used[n] < used[best] {
				best = n
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}
