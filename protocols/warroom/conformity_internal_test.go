package warroom

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func ballotRound(round int, group []string, voters []string, ballots [][]string, texts []string) voteRound {
	vr := voteRound{Round: round, Voters: voters, Ballots: ballots, Texts: texts}
	for i, l := range group {
		vr.Tally.Standings = append(vr.Tally.Standings, standing{Label: l, Place: i + 1})
	}
	return vr
}

// Conformity is measured from the ballots and their texts alone: a ballot closer to the
// round before's group ranking moved toward it; one that did so saying nothing new is named.
func TestConformityFromScriptedRounds(t *testing.T) {
	const a, b, c = "Response A", "Response B", "Response C"
	voters := []string{scout, redTeam, fieldTactician, logisticsOfficer}
	r1 := ballotRound(1, []string{a, b, c}, voters,
		[][]string{{c, b, a}, {b, c, a}, {a, b, c}, {c, a, b}},
		[]string{"Cost matters most.\nRANKING: C > B > A", "Latency matters.\nRANKING: B > C > A",
			"A is simplest.\nRANKING: A > B > C", "Ops burden is lowest for C.\nRANKING: C > A > B"})
	r2 := ballotRound(2, []string{a, b, c}, voters,
		[][]string{
			{a, b, c}, // toward, and says nothing new: conformity
			{a, b, c}, // toward, with a new argument
			{c, b, a}, // away
			{c, a, b}, // no move
		},
		[]string{"Cost matters most.\nRANKING: A > B > C",
			"The revised A now handles failover with a standby replica, which removes my latency worry.\nRANKING: A > B > C",
			"On reflection the cheaper option wins.\nRANKING: C > B > A", "Ops burden is lowest for C.\nRANKING: C > A > B"})
	got := conformity([]voteRound{r1, r2})
	assert.Equal(t, []conformityRound{{Round: 2, Toward: 2, Away: 1, None: 1, Unargued: []string{scout}}}, got)
	assert.Empty(t, conformity([]voteRound{r1}), "one round has nothing to compare")

	// A voter missing from the round before is not counted.
	r3 := ballotRound(3, []string{a, b, c}, []string{scout, intelOfficer}, [][]string{{a, b, c}, {c, b, a}}, []string{"same", "new"})
	third := conformity([]voteRound{r1, r2, r3})[1]
	assert.Equal(t, 1, third.Toward+third.Away+third.None, "the scout alone is measured")
}

func TestDiscordantPairs(t *testing.T) {
	g := []string{"A", "B", "C", "D"}
	assert.Equal(t, 0, discordant([]string{"A", "B", "C", "D"}, g))
	assert.Equal(t, 6, discordant([]string{"D", "C", "B", "A"}, g))
	assert.Equal(t, 1, discordant([]string{"B", "A", "C", "D"}, g))
}
