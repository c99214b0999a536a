package warroom

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// standing is one option's Borda result.
type standing struct {
	Label  string `json:"label"`
	Points int    `json:"points"`
	// Place is 1 for the winner; tied options get distinct places by the seeded tie-break.
	Place int `json:"place"`
}

// tally is the outcome of one Borda count.
type tally struct {
	Standings []standing `json:"standings"`
	// Ties lists every group of options that scored alike, in the order the tie-break put
	// them, so the record can say a tie was broken and how.
	Ties [][]string `json:"ties,omitempty"`
}

// borda counts ballots (each a full ranking of labels, best first): with n options, first
// place earns n-1 points and last earns 0. Equal totals are ordered by a permutation of the
// sorted labels drawn from tiebreak, so the result depends on the seed and the ballots'
// contents, never on the order ballots or labels arrive in.
func borda(labels []string, ballots [][]string, tiebreak *rand.Rand) tally {
	n := len(labels)
	points := map[string]int{}
	for _, l := range labels {
		points[l] = 0
	}
	for _, b := range ballots {
		for i, l := range b {
			points[l] += n - 1 - i
		}
	}
	prio := slices.Sorted(slices.Values(labels))
	tiebreak.Shuffle(len(prio), func(i, j int) { prio[i], prio[j] = prio[j], prio[i] })
	rank := map[string]int{}
	for i, l := range prio {
		rank[l] = i
	}
	order := slices.Clone(prio)
	slices.SortStableFunc(order, func(a, b string) int {
		if points[a] != points[b] {
			return points[b] - points[a]
		}
		return rank[a] - rank[b]
	})
	var t tally
	for i, l := range order {
		t.Standings = append(t.Standings, standing{Label: l, Points: points[l], Place: i + 1})
		if i > 0 && points[order[i-1]] == points[l] {
			last := len(t.Ties) - 1
			if last >= 0 && slices.Contains(t.Ties[last], order[i-1]) {
				t.Ties[last] = append(t.Ties[last], l)
			} else {
				t.Ties = append(t.Ties, []string{order[i-1], l})
			}
		}
	}
	return t
}

// Points returns the label's total, 0 when absent.
func (t tally) Points(label string) int {
	for _, s := range t.Standings {
		if s.Label == label {
			return s.Points
		}
	}
	return 0
}

// Finalists are the top two or three: three when at least four options competed, two when
// two or three did, and the only one when there was one.
func (t tally) Finalists() []string {
	k := min(max(len(t.Standings)-1, 2), 3, len(t.Standings))
	out := make([]string, k)
	for i := range k {
		out[i] = t.Standings[i].Label
	}
	return out
}

// Render is a one-line summary, e.g. "Response B 7, Response A 5, Response C 3".
func (t tally) Render() string {
	parts := make([]string, len(t.Standings))
	for i, s := range t.Standings {
		parts[i] = s.Label + " " + itoa(s.Points)
	}
	return strings.Join(parts, ", ")
}
