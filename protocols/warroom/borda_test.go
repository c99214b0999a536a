package warroom

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func seeded(n uint64) *rand.Rand { return rand.New(rand.NewPCG(n, 99)) }

func repeat(n int, ballot ...string) [][]string {
	out := make([][]string, n)
	for i := range out {
		out[i] = ballot
	}
	return out
}

// The textbook four-city example: 100 voters in four blocs, 3/2/1/0 points.
func tennessee() ([]string, [][]string) {
	labels := []string{"Memphis", "Nashville", "Chattanooga", "Knoxville"}
	var b [][]string
	b = append(b, repeat(42, "Memphis", "Nashville", "Chattanooga", "Knoxville")...)
	b = append(b, repeat(26, "Nashville", "Chattanooga", "Knoxville", "Memphis")...)
	b = append(b, repeat(15, "Chattanooga", "Knoxville", "Nashville", "Memphis")...)
	b = append(b, repeat(17, "Knoxville", "Chattanooga", "Nashville", "Memphis")...)
	return labels, b
}

func TestBordaHandComputed(t *testing.T) {
	labels, ballots := tennessee()
	tally := borda(labels, ballots, seeded(1))
	assert.Equal(t, []standing{
		{Label: "Nashville", Points: 194, Place: 1},
		{Label: "Chattanooga", Points: 173, Place: 2},
		{Label: "Memphis", Points: 126, Place: 3},
		{Label: "Knoxville", Points: 107, Place: 4},
	}, tally.Standings)
	assert.Empty(t, tally.Ties)
	assert.Equal(t, []string{"Nashville", "Chattanooga", "Memphis"}, tally.Finalists())

	// Three options, four voters: A 2+2+1+0 = 5, B 1+0+2+1 = 4, C 0+1+0+2 = 3.
	small := borda([]string{"A", "B", "C"}, [][]string{{"A", "B", "C"}, {"A", "C", "B"}, {"B", "A", "C"}, {"C", "B", "A"}}, seeded(1))
	assert.Equal(t, "A 5, B 4, C 3", small.Render())
	assert.Equal(t, []string{"A", "B"}, small.Finalists())
	assert.Equal(t, 4, small.Points("B"))
	assert.Equal(t, 0, small.Points("Z"))
}

func TestBordaIsInvariantToBallotAndLabelOrder(t *testing.T) {
	labels, ballots := tennessee()
	// Add a tie so the tie-break is exercised too.
	labels = append(labels, "Jackson")
	for i := range ballots {
		ballots[i] = append(slices.Clone(ballots[i]), "Jackson")
	}
	want := borda(labels, ballots, seeded(5))
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		l, b := shuffled(labels, r), shuffled(ballots, r)
		assert.Equal(t, want, borda(l, b, seeded(5)))
	}
}

func TestBordaBreaksTiesBySeedAndReportsThem(t *testing.T) {
	labels := []string{"Response A", "Response B", "Response C"}
	cyclic := [][]string{{"Response A", "Response B", "Response C"}, {"Response B", "Response C", "Response A"}, {"Response C", "Response A", "Response B"}}
	firsts := map[string]bool{}
	for seed := range uint64(50) {
		a := borda(labels, cyclic, seeded(seed))
		b := borda(labels, cyclic, seeded(seed))
		require.Equal(t, a, b, "same seed, same result")
		require.Len(t, a.Ties, 1)
		order := []string{a.Standings[0].Label, a.Standings[1].Label, a.Standings[2].Label}
		assert.Equal(t, order, a.Ties[0], "the tie is reported in the order chosen")
		for _, s := range a.Standings {
			assert.Equal(t, 3, s.Points)
		}
		firsts[order[0]] = true
	}
	assert.Len(t, firsts, 3, "different seeds put each tied option first")

	// Two separate ties are two groups.
	two := borda([]string{"A", "B", "C", "D"}, [][]string{{"A", "B", "C", "D"}, {"B", "A", "D", "C"}}, seeded(9))
	assert.Len(t, two.Ties, 2)
	assert.ElementsMatch(t, []string{"A", "B"}, two.Ties[0])
	assert.ElementsMatch(t, []string{"C", "D"}, two.Ties[1])
}

func TestFinalistsCount(t *testing.T) {
	for n, want := range map[int]int{1: 1, 2: 2, 3: 2, 4: 3, 5: 3, 7: 3} {
		labels := make([]string, n)
		for i := range labels {
			labels[i] = string(rune('A' + i))
		}
		assert.Len(t, borda(labels, [][]string{labels}, seeded(1)).Finalists(), want, "%d options", n)
	}
}
