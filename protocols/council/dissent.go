package council

import (
	"regexp"
	"slices"
	"strings"
)

// word is one word of a dissent item once its member labels are taken out.
var word = regexp.MustCompile(`[\p{L}\p{N}]+(?:[/'’][\p{L}\p{N}]+)*`)

// emptyWords say nothing about what a member held: an item made only of them (and labels)
// names a dissenter without recording the dissent, which is flattening it.
var emptyWords = []string{"none", "n/a", "na", "nothing", "no", "dissent", "objection", "objections",
	"nil", "null", "tbd", "see", "above", "same", "as", "and", "or", "comment", "recorded", "given"}

// recorded returns the member labels the dissent items record with something they held: a
// label counts only in an item that still has a word of substance once every label is gone,
// so "Member C: none", "Member C — N/A" or a bare "Member C" record nobody.
func recorded(dissent []string) []string {
	var out []string
	for _, it := range dissent {
		rest := memberRef.ReplaceAllString(it, " ")
		if !slices.ContainsFunc(word.FindAllString(rest, -1), func(w string) bool {
			return !slices.Contains(emptyWords, strings.ToLower(w))
		}) {
			continue
		}
		for _, l := range members(it) {
			if !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
	}
	return out
}
