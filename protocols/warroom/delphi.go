package warroom

import (
	"math"
	"strconv"
)

// convergence measures how far ballots agree: 1 − mean σ / σmax, where σ is the population
// standard deviation of the ranks (1 = best) one option received across ballots, the mean is
// over options, and σmax = (n−1)/2 is the largest standard deviation any set of ranks in
// 1…n can have. Identical ballots score 1; it is 1 too when fewer than two ballots or
// options make agreement trivial.
func convergence(labels []string, ballots [][]string) float64 {
	n := len(labels)
	if n < 2 || len(ballots) < 2 {
		return 1
	}
	ranks := map[string][]float64{}
	for _, b := range ballots {
		for i, l := range b {
			ranks[l] = append(ranks[l], float64(i+1))
		}
	}
	var sum float64
	for _, l := range labels {
		sum += stddev(ranks[l])
	}
	return 1 - (sum/float64(n))/(float64(n-1)/2)
}

func stddev(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var mean float64
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return math.Sqrt(v / float64(len(xs)))
}

// anotherRound reports whether Delphi goes on after round (1-based) scored score: only while
// agreement is below the threshold and rounds remain.
func anotherRound(round int, score, threshold float64, maxRounds int) bool {
	return score < threshold && round < maxRounds
}

func itoa(n int) string { return strconv.Itoa(n) }
