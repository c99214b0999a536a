package council

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/settings"
)

// pool describes three real profiles of three families and a scripted one.
func pool() engine.Profiles {
	return engine.Profiles{
		"alpha":  {Name: "alpha", Type: "anthropic", Model: "m1", Family: "anthropic"},
		"beta":   {Name: "beta", Type: "openai", Model: "m2", Family: "openai"},
		"gamma":  {Name: "gamma", Type: "openai", Model: "m3", Family: "google"},
		"canned": {Name: "canned", Type: "script", Family: "qwen"},
	}
}

func TestOptionsFromDefaults(t *testing.T) {
	o, err := optionsFrom(NewSection(), pool(), Flags{})
	require.NoError(t, err)
	assert.Equal(t, DefaultTeam(), o.Team)
	assert.Equal(t, []string{"alpha", "beta", "gamma"}, o.Pool, "scripted profiles stay out of a real pool")
	assert.Equal(t, 1, o.Rounds)
	assert.Zero(t, o.SeatTimeout, "unset, a seat's limit follows its effort")
	assert.Empty(t, o.Roles)
	assert.Equal(t, "coding-ratification", o.Profile)
	assert.True(t, o.Triage)
	assert.Equal(t, 15, o.ExpectedCalls(), "four seats × three calls, the docket, the ruling and the triage call")
}

func TestOptionsFromPinsAndTeam(t *testing.T) {
	sec := &Section{Roles: map[string]settings.RolePin{economist: {Profile: "beta"},
		Arbiter: {Profile: "gamma", Effort: "max"}, skeptic: {Effort: "xhigh"}}}
	_, err := optionsFrom(sec, pool(), Flags{Rounds: 2})
	assert.ErrorContains(t, err, "allows at most 16 seat calls (max_seat_calls), but 5 seats × (2 + 2 round(s)) make 20",
		"the profile caps the seats' calls")
	o, err := optionsFrom(sec, pool(), Flags{Rounds: 1})
	require.NoError(t, err)
	assert.Equal(t, []string{architect, skeptic, operations, steward, economist}, o.Team,
		"a seat named in the file joins the profile's team")
	assert.Equal(t, RoleSetting{Profile: "beta"}, o.Roles[economist])
	assert.Equal(t, RoleSetting{Profile: "gamma", Effort: "max"}, o.Roles[Arbiter])
	assert.Equal(t, RoleSetting{Effort: "xhigh"}, o.Roles[skeptic], "an effort alone does not pin")
	assert.Equal(t, 1, o.Rounds)

	o, err = optionsFrom(NewSection(), pool(), Flags{Seats: "skeptic, user-advocate"})
	require.NoError(t, err)
	assert.Equal(t, []string{skeptic, userAdvocate}, o.Team)
}

func TestOptionsFromRefusals(t *testing.T) {
	// A section built in code (not checked by the file loader) is refused by the protocol.
	sec := &Section{Roles: map[string]settings.RolePin{"judge": {Profile: "alpha"}}}
	_, err := optionsFrom(sec, pool(), Flags{})
	assert.ErrorContains(t, err, "protocols.council.roles.judge: unknown council role")
	for seats, want := range map[string]string{
		"skeptic":           "at least 2 seats",
		"skeptic,arbiter":   `"arbiter" is not a member of the roster`,
		"skeptic,skeptic":   "listed twice",
		"skeptic,architekt": `"architekt" is not a member of the roster`,
	} {
		_, err := optionsFrom(NewSection(), pool(), Flags{Seats: seats})
		assert.ErrorContains(t, err, want, seats)
	}
	one := engine.Profiles{"alpha": {Name: "alpha", Type: "anthropic", Model: "m1", Family: "anthropic"}}
	_, err = optionsFrom(NewSection(), one, Flags{})
	assert.True(t, errors.Is(err, errOneFamily), "%v", err)
	_, err = ParseRounds("3")
	assert.ErrorContains(t, err, "--rounds wants 1 or 2")
}
