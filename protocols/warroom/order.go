package warroom

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/war-room/war-room/protocols/internal/panel"
)

// presentationOrders gives each voter its own order of the options, drawn from r. Orders are
// pairwise distinct while distinct permutations remain (n! ≥ voters); after that they may
// repeat. The labels themselves never change, so ballots stay comparable.
func presentationOrders(labels []string, voters int, r *rand.Rand) [][]string {
	limit := factorial(len(labels))
	seen := map[string]bool{}
	out := make([][]string, voters)
	for v := range voters {
		for {
			p := slices.Clone(labels)
			r.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
			key := strings.Join(p, "\x00")
			if !seen[key] || len(seen) >= limit {
				seen[key] = true
				out[v] = p
				break
			}
		}
	}
	return out
}

func factorial(n int) int {
	f := 1
	for i := 2; i <= n && f < 1<<20; i++ {
		f *= i
	}
	return f
}

// shuffled returns a seeded permutation of items.
func shuffled[T any](items []T, r *rand.Rand) []T { return panel.Shuffled(items, r) }
