package warroom

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/decision"
)

// Conformity in Delphi: in each revision round, did a member's ballot move toward the ranking
// the group gave the round before, away from it, or not at all — and did the member give a
// new reason for a move toward it? Debate that converges by conformity rather than argument is
// the failure the published studies warn of; the record shows it from the ballots and their
// texts alone, deterministically, with no model asked.

// conformityRound is one revision round measured against the round before it.
type conformityRound struct {
	Round              int
	Toward, Away, None int
	// Unargued are the voters who moved toward the group's ranking without a new stated reason.
	Unargued []string
}

// minNewWords and minNewShare decide whether a ballot's reasoning says something its voter's
// previous ballot did not: at least this many words, and this share of its words, are new.
const (
	minNewWords = 3
	minNewShare = 0.25
)

// conformity measures every Delphi round after the first. A voter counts only in rounds where
// it cast a ballot both times.
func conformity(rounds []voteRound) []conformityRound {
	var out []conformityRound
	for i := 1; i < len(rounds); i++ {
		prev, cur := rounds[i-1], rounds[i]
		group := make([]string, len(prev.Tally.Standings))
		for j, s := range prev.Tally.Standings {
			group[j] = s.Label
		}
		cr := conformityRound{Round: cur.Round}
		for j, v := range cur.Voters {
			k := slices.Index(prev.Voters, v)
			if k < 0 {
				continue
			}
			before, after := discordant(prev.Ballots[k], group), discordant(cur.Ballots[j], group)
			switch {
			case after < before:
				cr.Toward++
				if !newArgument(textAt(prev.Texts, k), textAt(cur.Texts, j)) {
					cr.Unargued = append(cr.Unargued, v)
				}
			case after > before:
				cr.Away++
			default:
				cr.None++
			}
		}
		out = append(out, cr)
	}
	return out
}

func textAt(texts []string, i int) string {
	if i < len(texts) {
		return texts[i]
	}
	return ""
}

// discordant counts the pairs of options ballot orders differently from group (Kendall's
// distance); an option one of them lacks is ignored.
func discordant(ballot, group []string) int {
	pos := map[string]int{}
	for i, l := range group {
		pos[l] = i
	}
	var ranked []int
	for _, l := range ballot {
		if p, ok := pos[l]; ok {
			ranked = append(ranked, p)
		}
	}
	n := 0
	for i := range ranked {
		for j := i + 1; j < len(ranked); j++ {
			if ranked[i] > ranked[j] {
				n++
			}
		}
	}
	return n
}

var wordRE = regexp.MustCompile(`[\pL\pN]{3,}`)

// newArgument reports whether the reasoning of after (its ranking line aside) says enough that
// before did not.
func newArgument(before, after string) bool {
	old := map[string]bool{}
	for _, w := range words(before) {
		old[w] = true
	}
	ws := words(after)
	fresh := 0
	for _, w := range ws {
		if !old[w] {
			fresh++
		}
	}
	return fresh >= minNewWords && float64(fresh) >= minNewShare*float64(len(ws))
}

func words(text string) []string {
	var out []string
	for _, w := range wordRE.FindAllString(strings.ToLower(rankingLine.ReplaceAllString(text, "")), -1) {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// conformitySection is the record's account of conformity, for a Delphi deliberation that
// revised at least once.
func (s *state) conformitySection() (decision.Section, bool) {
	rounds := conformity(s.rec.Rounds)
	if len(rounds) == 0 {
		return decision.Section{}, false
	}
	t := &decision.Table{Columns: []string{"Round", "Toward the group", "Away", "No move", "Share toward", "Moved toward it without a new argument"}}
	for _, r := range rounds {
		moved := r.Toward + r.Away + r.None
		var names []string
		for _, v := range r.Unargued {
			names = append(names, roleTitle(v))
		}
		t.Rows = append(t.Rows, []string{fmt.Sprint(r.Round), fmt.Sprint(r.Toward), fmt.Sprint(r.Away), fmt.Sprint(r.None),
			fmt.Sprintf("%d of %d", r.Toward, moved), cmp.Or(strings.Join(names, ", "), "—")})
	}
	return decision.Section{Key: "conformity", Title: "Conformity in the Delphi rounds",
		Text: "Each revision round's ballots set against the ranking the group gave the round before: a ballot " +
			"that orders fewer pairs of options differently from it moved toward the group. A move toward it whose " +
			"reasoning says nothing the member's previous ballot did not is listed as converged without a new argument.",
		Table: t}, true
}
