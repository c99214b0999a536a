package council

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every built-in profile passes the divergence lint.
func TestBuiltinProfilesDiverge(t *testing.T) {
	assert.Empty(t, Builtin().Lint())
	assert.Len(t, Builtin().Profiles, 5)
}

// The lint names each way a team can fail to pull apart, and the members concerned.
func TestDivergenceLintFindings(t *testing.T) {
	cat := Catalog{Members: []Member{
		{Key: "a", SeatClass: classDeliberation, Mandate: "Costs.", Incentives: []string{"credited for a right price"}},
		{Key: "b", SeatClass: classDeliberation, Mandate: "costs. ", Incentives: []string{"Credited for a right  price"}},
		{Key: "c", SeatClass: classDeliberation, Mandate: "Users."},
		{Key: "d", SeatClass: classAdversarial, Mandate: "Flaws.", Incentives: []string{"credited for the flaw"}},
	}}
	cat.Profiles = []Profile{
		{Name: "flat", Members: []string{"a", "b", "c"}},
		{Name: "echo", Members: []string{"c", "d"}, Overlays: map[string]Overlay{
			"c": {Focus: "users", Incentives: []string{"charged for invented users"}}, "d": {Focus: "Users"}}},
	}
	var got []string
	for _, f := range cat.Lint() {
		got = append(got, f.String())
	}
	assert.Equal(t, []string{
		"profile flat: nobody on the team is charged with attacking the options: add a member of seat class adversarial",
		"profile flat (a, b): have the same mandate: two seats briefed alike argue one position twice",
		`profile flat (a, b): share the incentive "credited for a right price": seats credited for the same thing pull the same way`,
		"profile flat (c): has nothing it is credited or charged for, so nothing pulls its answer away from the others'",
		"profile echo (c): the overlay's focus repeats the member's core mandate and adds nothing",
		"profile echo (c, d): have the same overlay focus: two seats briefed alike argue one position twice",
	}, got)
}
