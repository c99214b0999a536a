package warroom

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestConvergenceHandComputed(t *testing.T) {
	abc := []string{"A", "B", "C"}
	cases := []struct {
		name    string
		labels  []string
		ballots [][]string
		want    float64
	}{
		{"unanimous", abc, [][]string{{"A", "B", "C"}, {"A", "B", "C"}, {"A", "B", "C"}}, 1},
		// A ranks {1,3} σ=1, B {2,2} σ=0, C {3,1} σ=1: mean 2/3, σmax (3-1)/2 = 1.
		{"reversed", abc, [][]string{{"A", "B", "C"}, {"C", "B", "A"}}, 1.0 / 3},
		// Two options split: σ = 0.5 each, σmax = 0.5 → no agreement at all.
		{"split pair", []string{"A", "B"}, [][]string{{"A", "B"}, {"B", "A"}}, 0},
		// Every option's ranks are {r,r,r±1}: σ = √2/3, σmax = 1.5 → 1 − 2√2/9.
		{"near agreement", []string{"A", "B", "C", "D"}, [][]string{{"A", "B", "C", "D"}, {"A", "B", "D", "C"}, {"B", "A", "C", "D"}}, 1 - 2*math.Sqrt2/9},
		{"one ballot", abc, [][]string{{"C", "A", "B"}}, 1},
		{"one option", []string{"A"}, [][]string{{"A"}, {"A"}}, 1},
	}
	for _, c := range cases {
		assert.InDelta(t, c.want, convergence(c.labels, c.ballots), 1e-12, c.name)
	}
}

func TestDelphiStopsAtThresholdOrMaxRounds(t *testing.T) {
	assert.True(t, anotherRound(1, 0.50, 0.85, 5))
	assert.False(t, anotherRound(1, 0.90, 0.85, 5), "converged")
	assert.False(t, anotherRound(2, 0.85, 0.85, 5), "reaching the threshold is converging")
	assert.True(t, anotherRound(4, 0.10, 0.85, 5))
	assert.False(t, anotherRound(5, 0.10, 0.85, 5), "round limit")
	assert.False(t, anotherRound(1, 0.10, 0.85, 1))
}
