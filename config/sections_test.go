package config

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine/settings"
)

// demo is a protocol section as a protocol declares one, for testing the section machinery
// apart from the real protocols (whose sections the external tests load).
type demo struct {
	Level level                       `yaml:"level"`
	Roles map[string]settings.RolePin `yaml:"roles" mapkey:"role"`
	Seen  *settings.Check             `yaml:"-"`
}

type level string

func (level) Choices() []string { return []string{"low", "high"} }

func (d *demo) Validate(c *settings.Check) {
	d.Seen = c
	settings.CheckRoles(c, "roles", d.Roles, []string{"judge", "clerk"}, "demo role")
}

var demoSections = []Section{
	{Protocol: "demo", Key: "demo_section", New: func() any { return &demo{Level: "low"} }},
	{Protocol: "other", Key: "other", New: func() any { return &demo{} }},
}

func TestSectionsDecodeStrictlyIntoTheProtocolsTypes(t *testing.T) {
	cfg, err := Parse("s.yml", []byte("version: 1\nprotocols:\n  demo_section:\n    level: high\n"+
		"    roles:\n      judge: {effort: max}\n"), demoSections...)
	require.NoError(t, err)
	d := cfg.Section("demo").(*demo)
	require.Equal(t, level("high"), d.Level)
	require.Equal(t, map[string]settings.RolePin{"judge": {Effort: "max"}}, d.Roles)
	require.Equal(t, "demo", cfg.Protocols.Default, "the first section's protocol is the default")
	require.Nil(t, d.Seen.Profiles, "no profiles yet: references wait for detection")
	require.Equal(t, &demo{}, cfg.Section("other").(*demo).withoutSeen())

	_, err = Parse("s.yml", []byte("version: 1\nprotocols:\n  default: odd\n  demo_sectoin: {}\n"+
		"  other:\n    level: middle\n    roles:\n      juge: {}\n"), demoSections...)
	require.EqualError(t, err, `s.yml:3:12: protocols.default: "odd" is not one of "demo" or "other"
s.yml:4:3: protocols.demo_sectoin: unknown key (did you mean "demo_section"?)
s.yml:6:12: protocols.other.level: "middle" is not one of "low" or "high"
s.yml:8:13: protocols.other.roles.juge: unknown demo role (did you mean "judge"?) (roles: "judge" or "clerk")
s.yml:8:13: protocols.other.roles.juge: pins nothing: set profile, effort or both`)
}

func TestSectionReferencesAreCheckedOnceProfilesAreKnown(t *testing.T) {
	data := "version: 1\nprotocols:\n  demo_section:\n    roles:\n      judge: {profile: gemni}\n      clerk: {}\n"
	cfg, err := Parse("s.yml", []byte(data), demoSections...)
	require.EqualError(t, err, `s.yml:6:14: protocols.demo_section.roles.clerk: pins nothing: set profile, effort or both`)
	require.Nil(t, cfg)
	data = "version: 1\nprotocols:\n  demo_section:\n    roles:\n      judge: {profile: gemni}\n"
	cfg, err = Parse("s.yml", []byte(data), demoSections...)
	require.NoError(t, err)
	err = cfg.DetectProviders(envOf(map[string]string{"GEMINI_API_KEY": "g"}))
	require.EqualError(t, err, `s.yml:5:24: protocols.demo_section.roles.judge.profile: unknown profile "gemni" (did you mean "gemini"?) (profiles: "gemini")`)
}

func (d *demo) withoutSeen() *demo { c := *d; c.Seen = nil; return &c }
