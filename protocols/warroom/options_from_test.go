package warroom

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/settings"
)

// profiles describes three configured profiles of three families, as the planner sees them.
func planProfiles() engine.Profiles {
	ps := engine.Profiles{}
	for name, family := range map[string]string{"claude": "anthropic", "gemini": "google", "qwen": "qwen"} {
		ps[name] = &engine.Profile{Name: name, Type: "anthropic", Family: family}
	}
	return ps
}

func TestOptionsFromFollowsTheDefaultShape(t *testing.T) {
	o, err := OptionsFrom(NewSection(), planProfiles(), Flags{})
	require.NoError(t, err)
	assert.Equal(t, ModeAuto, o.Mode)
	assert.Equal(t, defaultThresholds, o.Thresholds)
	assert.Equal(t, "default", o.Preset)
	assert.Equal(t, 120*time.Second, o.ExpertTimeout)
	assert.Equal(t, 180*time.Second, o.SynthesisTimeout)
	assert.Equal(t, 0.85, o.DelphiThreshold)
	assert.Equal(t, 5, o.DelphiMaxRounds)
	seat := func(role string) string { return o.Seats[role].Profile }
	assert.Equal(t, "claude", seat(SupremeCommander))
	assert.Equal(t, "gemini", seat(intelOfficer))
	assert.Equal(t, "qwen", seat(scout))
	family := func(role string) string { return planProfiles()[seat(role)].Family }
	assert.NotEqual(t, family(chiefStrategist), family(SupremeCommander),
		"an express decision is ratified by a second family")
	assert.NotEqual(t, family(chiefStrategist), family(redTeam),
		"the red team sits apart from the strategist")
	// No zhipu profile: the tactician goes to the least-used profile.
	assert.NotEmpty(t, seat(fieldTactician))
}

func TestOptionsFromHonoursPinsAndFlags(t *testing.T) {
	sec := NewSection()
	sec.Preset, sec.DefaultProfile = PresetRiskAverse, "qwen"
	sec.Roles = map[string]settings.RolePin{SupremeCommander: {Profile: "gemini", Effort: "max"},
		scout: {Effort: "high"}}
	sec.Timeouts = SectionTimeouts{Expert: 30 * time.Second, Synthesis: time.Minute}
	sec.Delphi = SectionDelphi{Threshold: 0.9, MaxRounds: 3}
	o, err := OptionsFrom(sec, planProfiles(), Flags{Mode: ModeFull, PlanReview: true})
	require.NoError(t, err)
	assert.Equal(t, Seat{Profile: "gemini", Effort: "max"}, o.Seats[SupremeCommander])
	assert.Equal(t, Seat{Profile: "qwen", Effort: "high"}, o.Seats[scout])
	assert.Equal(t, "qwen", o.Seats[chiefStrategist].Profile, "default_profile for unpinned seats")
	assert.Equal(t, Thresholds{0.30, 0.50, 0.70}, o.Thresholds)
	assert.Equal(t, "risk-averse", o.Preset)
	assert.Equal(t, 30*time.Second, o.ExpertTimeout)
	assert.Equal(t, time.Minute, o.SynthesisTimeout)
	assert.Equal(t, 3, o.DelphiMaxRounds)
	assert.True(t, o.PlanReview)
	assert.Equal(t, ModeFull, o.Mode)

	o, err = OptionsFrom(sec, planProfiles(), Flags{Preset: "startup"})
	require.NoError(t, err)
	assert.Equal(t, Thresholds{0.55, 0.75, 0.90}, o.Thresholds)
	o, err = OptionsFrom(sec, planProfiles(), Flags{Thresholds: "0.2,0.5,0.9"})
	require.NoError(t, err)
	assert.Equal(t, Thresholds{0.2, 0.5, 0.9}, o.Thresholds)
	assert.Empty(t, o.Preset)
	sec.Thresholds = []float64{0.1, 0.2, 0.3}
	o, err = OptionsFrom(sec, planProfiles(), Flags{})
	require.NoError(t, err)
	assert.Equal(t, Thresholds{0.1, 0.2, 0.3}, o.Thresholds, "the section's override wins over its preset")
	assert.Empty(t, o.Preset)
}

func TestOptionsFromRejects(t *testing.T) {
	// A section built in code (not checked by the file loader) is refused by the protocol.
	sec := NewSection()
	sec.Roles = map[string]settings.RolePin{"general": {Profile: "claude"}}
	_, err := OptionsFrom(sec, planProfiles(), Flags{})
	assert.ErrorContains(t, err, `protocols.war_room.roles.general: unknown war-room role`)
	sec = NewSection()
	_, err = OptionsFrom(sec, planProfiles(), Flags{Preset: "startup", Thresholds: "0.3,0.5,0.7"})
	assert.ErrorContains(t, err, "cannot be combined")
	_, err = OptionsFrom(sec, planProfiles(), Flags{Preset: "yolo"})
	assert.ErrorContains(t, err, `unknown preset "yolo"`)
	_, err = OptionsFrom(sec, planProfiles(), Flags{Mode: "fast"})
	assert.ErrorContains(t, err, `unknown mode "fast"`)
	_, err = OptionsFrom(sec, engine.Profiles{}, Flags{})
	assert.ErrorContains(t, err, "no provider profile")
}

func TestSectionValidate(t *testing.T) {
	sec := NewSection()
	sec.Roles = map[string]settings.RolePin{"scuot": {Profile: "claude"}, scout: {}}
	sec.DefaultProfile = "nope"
	sec.Thresholds = []float64{0.5, 0.4, 0.9}
	sec.Delphi.Threshold = 1.5
	check := &settings.Check{Profiles: []string{"claude"}, Set: func(p string) bool { return p == "thresholds" }}
	sec.Validate(check)
	var paths []string
	for _, p := range check.Problems() {
		paths = append(paths, p.Path)
	}
	assert.ElementsMatch(t, []string{"roles.scuot", "roles.scout", "default_profile", "thresholds[1]", "delphi.threshold"}, paths)
}
