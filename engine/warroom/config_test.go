package warroom_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine/warroom"
)

func parse(t *testing.T, yaml string) *config.Config {
	t.Helper()
	cfg, err := config.Parse("war-room.yml", []byte("version: 1\nproviders:\n"+
		"  claude: {type: script, family: anthropic, responses: testdata/empty.yaml}\n"+
		"  gemini: {type: script, family: google, responses: testdata/empty.yaml}\n"+
		"  qwen: {type: script, family: qwen, responses: testdata/empty.yaml}\n"+yaml))
	require.NoError(t, err)
	return cfg
}

func TestOptionsFromConfigFollowsTheDefaultShape(t *testing.T) {
	o, err := warroom.OptionsFromConfig(parse(t, ""), warroom.Flags{})
	require.NoError(t, err)
	assert.Equal(t, warroom.ModeAuto, o.Mode)
	assert.Equal(t, warroom.DefaultThresholds, o.Thresholds)
	assert.Equal(t, "default", o.Preset)
	assert.Equal(t, 120*time.Second, o.ExpertTimeout)
	assert.Equal(t, 180*time.Second, o.SynthesisTimeout)
	assert.Equal(t, 0.85, o.DelphiThreshold)
	assert.Equal(t, 5, o.DelphiMaxRounds)
	seat := func(role string) string { return o.Seats[role].Profile }
	assert.Equal(t, "claude", seat(warroom.SupremeCommander))
	assert.Equal(t, "gemini", seat(warroom.IntelOfficer))
	assert.Equal(t, "qwen", seat(warroom.Scout))
	assert.Equal(t, "gemini", seat(warroom.RedTeam))
	// No zhipu profile: the tactician goes to the least-used profile.
	assert.NotEmpty(t, seat(warroom.FieldTactician))
}

func TestOptionsFromConfigHonoursPinsAndFlags(t *testing.T) {
	cfg := parse(t, "protocols:\n  war_room:\n    preset: risk-averse\n    default_profile: qwen\n"+
		"    roles:\n      supreme-commander: {profile: gemini, effort: max}\n      scout: {effort: high}\n"+
		"    timeouts: {expert: 30s, synthesis: 1m}\n    delphi: {threshold: 0.9, max_rounds: 3}\n")
	o, err := warroom.OptionsFromConfig(cfg, warroom.Flags{Mode: warroom.ModeFull, PlanReview: true})
	require.NoError(t, err)
	assert.Equal(t, warroom.Seat{Profile: "gemini", Effort: "max"}, o.Seats[warroom.SupremeCommander])
	assert.Equal(t, warroom.Seat{Profile: "qwen", Effort: "high"}, o.Seats[warroom.Scout])
	assert.Equal(t, "qwen", o.Seats[warroom.ChiefStrategist].Profile, "default_profile for unpinned seats")
	assert.Equal(t, warroom.Thresholds{0.30, 0.50, 0.70}, o.Thresholds)
	assert.Equal(t, "risk-averse", o.Preset)
	assert.Equal(t, 30*time.Second, o.ExpertTimeout)
	assert.Equal(t, time.Minute, o.SynthesisTimeout)
	assert.Equal(t, 3, o.DelphiMaxRounds)
	assert.True(t, o.PlanReview)
	assert.Equal(t, warroom.ModeFull, o.Mode)

	o, err = warroom.OptionsFromConfig(cfg, warroom.Flags{Preset: "startup"})
	require.NoError(t, err)
	assert.Equal(t, warroom.Thresholds{0.55, 0.75, 0.90}, o.Thresholds)
	o, err = warroom.OptionsFromConfig(cfg, warroom.Flags{Thresholds: "0.2,0.5,0.9"})
	require.NoError(t, err)
	assert.Equal(t, warroom.Thresholds{0.2, 0.5, 0.9}, o.Thresholds)
	assert.Empty(t, o.Preset)
}

func TestOptionsFromConfigRejects(t *testing.T) {
	// The file is refused where the role is written; a configuration built in code is refused
	// by the protocol itself.
	_, err := config.Parse("war-room.yml", []byte("version: 1\nprotocols:\n  war_room:\n    roles:\n      general: {profile: claude}\n"))
	assert.ErrorContains(t, err, `war-room.yml:5:16: protocols.war_room.roles.general: unknown war-room role`)
	cfg := parse(t, "")
	cfg.Protocols.WarRoom.Roles = map[string]config.Role{"general": {Profile: "claude"}}
	_, err = warroom.OptionsFromConfig(cfg, warroom.Flags{})
	assert.ErrorContains(t, err, `protocols.war_room.roles.general: unknown war-room role`)
	cfg = parse(t, "")
	_, err = warroom.OptionsFromConfig(cfg, warroom.Flags{Preset: "startup", Thresholds: "0.3,0.5,0.7"})
	assert.ErrorContains(t, err, "cannot be combined")
	_, err = warroom.OptionsFromConfig(cfg, warroom.Flags{Preset: "yolo"})
	assert.ErrorContains(t, err, `unknown preset "yolo"`)
	_, err = warroom.OptionsFromConfig(cfg, warroom.Flags{Mode: "fast"})
	assert.ErrorContains(t, err, `unknown mode "fast"`)
}
