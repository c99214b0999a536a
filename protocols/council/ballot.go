package council

import (
	"fmt"
	"slices"
	"strings"
)

// ballot is one member's parsed closing answer.
type ballot struct {
	Label      string   `json:"label"`
	Option     int      `json:"option"`
	Final      string   `json:"final"`
	Objections []string `json:"objections,omitempty"`
	TripWires  []string `json:"trip_wires,omitempty"`
	// Intent is the intent-alignment assessment, from the seat that speaks for the asker;
	// Alignment is its verdicts per intent item and option.
	Intent    string       `json:"intent,omitempty"`
	Alignment []assessment `json:"alignment,omitempty"`
}

// readBallot reads a closing answer against a docket of n options. withIntent requires the
// intent-alignment section.
func readBallot(text string, n int, withIntent bool) (ballot, error) {
	k, err := oneChoice(text, voteLine, "VOTE", n)
	if err != nil {
		return ballot{}, err
	}
	s := sections(voteLine.ReplaceAllString(text, ""))
	need := []string{secFinal, secTripWires}
	if withIntent {
		need = append(need, secIntent)
	}
	if err := requireSections(s, need...); err != nil {
		return ballot{}, err
	}
	if err := present(s, secObjections); err != nil {
		return ballot{}, err
	}
	return ballot{Option: k, Final: s[headingKey(secFinal)], Objections: items(s[headingKey(secObjections)]),
		TripWires: items(s[headingKey(secTripWires)]), Intent: s[headingKey(secIntent)]}, nil
}

// ballotContract checks a closing answer; for the principal-proxy seat held to k intent
// items, the assessment must cover every item and option.
func ballotContract(n int, withIntent bool, k int) func(string) error {
	return func(text string) error { _, err := parseBallot(text, n, withIntent, k); return err }
}

func parseBallot(text string, n int, withIntent bool, k int) (ballot, error) {
	b, err := readBallot(text, n, withIntent)
	if err != nil || !withIntent || k == 0 {
		return b, err
	}
	b.Alignment, err = parseAlignment(b.Intent, k, n)
	return b, err
}

// tally is the closing ballot counted.
type tally struct {
	// Votes lists, per option number (index 0 is option 1), the labels that chose it.
	Votes [][]string `json:"votes"`
	// Leaders are the options with the most votes (more than one: a tie).
	Leaders []int `json:"leaders"`
	Ballots int   `json:"ballots"`
}

// count tallies ballots over a docket of n options.
func count(ballots []ballot, n int) tally {
	t := tally{Votes: make([][]string, n), Ballots: len(ballots)}
	for _, b := range ballots {
		t.Votes[b.Option-1] = append(t.Votes[b.Option-1], b.Label)
	}
	top := 0
	for i, v := range t.Votes {
		switch {
		case len(v) > top:
			top, t.Leaders = len(v), []int{i + 1}
		case len(v) == top && top > 0:
			t.Leaders = append(t.Leaders, i+1)
		}
	}
	return t
}

// Unanimous says whether every ballot chose one option.
func (t tally) Unanimous() bool {
	return t.Ballots > 0 && len(t.Leaders) == 1 && len(t.Votes[t.Leaders[0]-1]) == t.Ballots
}

// Against lists the labels whose ballot chose another option than k.
func (t tally) Against(k int) []string {
	var out []string
	for i, v := range t.Votes {
		if i+1 != k {
			out = append(out, v...)
		}
	}
	slices.Sort(out)
	return out
}

// Margin states how the ballot ended, in words that do not overstate it, and how the ruling
// relates to it: "unanimous, 4 of 4", "3 of 4 (3-1)", "plurality 2 of 4 (2-1-1)" (the leader
// has less than half the ballots), "split 2-2"; with the arbiter's choice, "arbiter broke a
// 2-2 tie" or "arbiter overruled a 3-1 ballot".
func (t tally) Margin(selected int) string {
	if t.Ballots == 0 {
		return "no ballots"
	}
	var counts []int
	for _, v := range t.Votes {
		if len(v) > 0 {
			counts = append(counts, len(v))
		}
	}
	if len(counts) == 0 {
		return "no votes counted"
	}
	slices.SortFunc(counts, func(a, b int) int { return b - a })
	parts := make([]string, len(counts))
	for i, c := range counts {
		parts[i] = fmt.Sprint(c)
	}
	score, tied := strings.Join(parts, "-"), len(t.Leaders) > 1
	led := slices.Contains(t.Leaders, selected)
	lead := fmt.Sprintf("%d of %d (%s)", counts[0], t.Ballots, score)
	if 2*counts[0] <= t.Ballots {
		lead = "plurality " + lead
	}
	switch {
	case t.Unanimous() && (selected == 0 || led):
		return fmt.Sprintf("unanimous, %d of %d", t.Ballots, t.Ballots)
	case selected == 0 && tied:
		return "split " + score
	case selected == 0:
		return lead
	case !led:
		return "arbiter overruled a " + score + " ballot"
	case tied:
		return "arbiter broke a " + score + " tie"
	}
	return lead
}
