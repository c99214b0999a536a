package warroom

import (
	"fmt"
	"time"

	"github.com/war-room/war-room/engine/settings"
)

// SectionKey is where the war-room section sits in the configuration file (protocols.war_room).
const SectionKey = "war_room"

// Section is protocols.war_room: the protocol's own configuration, decoded by the file loader
// into this type and checked by Validate.
type Section struct {
	Preset Preset `yaml:"preset"`
	// Thresholds overrides the preset's reversibility ceilings (express, lightweight,
	// full council); empty means the preset's.
	Thresholds     []float64                   `yaml:"thresholds"`
	Roles          map[string]settings.RolePin `yaml:"roles" mapkey:"role"`
	DefaultProfile string                      `yaml:"default_profile"`
	Timeouts       SectionTimeouts             `yaml:"timeouts"`
	Delphi         SectionDelphi               `yaml:"delphi"`
	// AgentTeams runs the full council and Delphi in agent-teams mode (--agent-teams).
	AgentTeams bool `yaml:"agent_teams"`
	// Budgets cap a session's tokens by the mode it is routed to (0: no cap beyond the
	// session's budget).
	Budgets SectionBudgets `yaml:"budgets"`
}

// SectionBudgets are the per-mode token caps.
type SectionBudgets struct {
	Express     int64 `yaml:"express"`
	Lightweight int64 `yaml:"lightweight"`
	Full        int64 `yaml:"full"`
	Delphi      int64 `yaml:"delphi"`
}

var _ settings.StageBudgeter = (*Section)(nil)

// StageBudgets are the per-mode caps that are set, by mode, each named by its key.
func (s *Section) StageBudgets() map[string]settings.StageBudget {
	out := map[string]settings.StageBudget{}
	for m, n := range map[Mode]int64{ModeExpress: s.Budgets.Express, ModeLightweight: s.Budgets.Lightweight,
		ModeFull: s.Budgets.Full, ModeDelphi: s.Budgets.Delphi} {
		if n > 0 {
			out[string(m)] = settings.StageBudget{MaxTokens: n, By: "protocols." + SectionKey + ".budgets." + string(m)}
		}
	}
	return out
}

// SectionTimeouts bound one phase's calls.
type SectionTimeouts struct {
	Expert    time.Duration `yaml:"expert"`
	Synthesis time.Duration `yaml:"synthesis"`
}

// SectionDelphi configures the iterative convergence rounds.
type SectionDelphi struct {
	Threshold float64 `yaml:"threshold"`
	MaxRounds int     `yaml:"max_rounds"`
}

// NewSection returns the section with every default applied.
func NewSection() *Section {
	return &Section{Preset: PresetDefault,
		Timeouts: SectionTimeouts{Expert: defaultExpertTimeout, Synthesis: defaultSynthesisTimeout},
		Delphi:   SectionDelphi{Threshold: defaultDelphiThreshold, MaxRounds: defaultDelphiMaxRounds}}
}

var _ settings.SectionValidator = (*Section)(nil)

// Validate checks what the decoder cannot: role names and pins, profile references, the
// thresholds' shape and ranges.
func (s *Section) Validate(c *settings.Check) {
	settings.CheckRoles(c, "roles", s.Roles, RoleKeys(), "war-room role")
	if s.DefaultProfile != "" || c.IsSet("default_profile") {
		c.Profile("default_profile", s.DefaultProfile)
	}
	if c.IsSet("thresholds") {
		s.checkThresholds(c)
	}
	if s.Timeouts.Expert == 0 {
		c.Errorf("timeouts.expert", "must be greater than zero")
	}
	if s.Timeouts.Synthesis == 0 {
		c.Errorf("timeouts.synthesis", "must be greater than zero")
	}
	if d := s.Delphi.Threshold; d <= 0 || d > 1 {
		c.Errorf("delphi.threshold", "must be greater than 0 and at most 1, got %g", d)
	}
	if s.Delphi.MaxRounds == 0 {
		c.Errorf("delphi.max_rounds", "must be greater than zero")
	}
}

// checkThresholds checks the override: three ceilings, each in (0, 1], strictly increasing,
// each problem named at its item.
func (s *Section) checkThresholds(c *settings.Check) {
	if len(s.Thresholds) != 3 {
		c.Errorf("thresholds", "want 3 ceilings [express, lightweight, full council], got %d", len(s.Thresholds))
		return
	}
	for i, f := range s.Thresholds {
		at := fmt.Sprintf("thresholds[%d]", i)
		switch {
		case f <= 0 || f > 1:
			c.Errorf(at, "must be greater than 0 and at most 1, got %g", f)
		case i > 0 && f <= s.Thresholds[i-1]:
			c.Errorf(at, "must be greater than the ceiling before it (%g): thresholds must strictly increase", s.Thresholds[i-1])
		}
	}
}

// Preset names a set of reversibility thresholds.
type Preset string

// Threshold presets.
const (
	PresetDefault    Preset = "default"
	PresetMoveFast   Preset = "move-fast"
	PresetRiskAverse Preset = "risk-averse"
	PresetStartup    Preset = "startup"
	PresetRegulated  Preset = "regulated"
)

// presets are the reversibility ceilings (express, lightweight, full council) of each preset:
// a score at or below a ceiling gets that mode, above the last gets Delphi.
var presets = []struct {
	name Preset
	t    Thresholds
}{
	{PresetDefault, Thresholds{0.40, 0.60, 0.80}},
	{PresetMoveFast, Thresholds{0.50, 0.70, 0.90}},
	{PresetRiskAverse, Thresholds{0.30, 0.50, 0.70}},
	{PresetStartup, Thresholds{0.55, 0.75, 0.90}},
	{PresetRegulated, Thresholds{0.25, 0.45, 0.65}},
}

// Choices lists the presets, for the configuration loader.
func (Preset) Choices() []string {
	out := make([]string, len(presets))
	for i, p := range presets {
		out[i] = string(p.name)
	}
	return out
}

// PresetThresholds returns a preset's ceilings; ok is false for an unknown preset.
func PresetThresholds(p Preset) (t Thresholds, ok bool) {
	for _, q := range presets {
		if q.name == p {
			return q.t, true
		}
	}
	return Thresholds{}, false
}

// thresholdsOf returns the section's effective ceilings: the explicit override when set,
// else the preset's.
func (s *Section) thresholdsOf() (Thresholds, string) {
	if len(s.Thresholds) == 3 {
		return Thresholds(s.Thresholds), ""
	}
	t, _ := PresetThresholds(s.Preset)
	return t, string(s.Preset)
}

func unknownPreset(p string) error {
	return fmt.Errorf("unknown preset %q (want %s)", p, joinChoices(Preset("").Choices()))
}
