package decision

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBaselineLineSaysAgreementOrNot(t *testing.T) {
	d := &Decision{Alternatives: []Alternative{{Label: "A", Title: "Build it"}, {Label: "B", Title: "Buy it", Selected: true}, {Label: "C", Title: "Wait"}}}
	vote := func(choices ...string) *BaselineVote {
		v := &BaselineVote{Calls: len(choices), Panel: "B"}
		for i, c := range choices {
			b := Ballot{N: i + 1, Choice: c}
			if c == "" {
				b.Failed = "timeout"
			}
			v.Ballots = append(v.Ballots, b)
		}
		v.Tally()
		return v
	}
	agreed, other, tie, none := vote("B", "A", "B", "", "B"), vote("A", "A", "B", "A"), vote("B", "A", "A", "B"), vote("", "")
	assert.Equal(t, "3 of 5 plain votes agreed", agreed.Line(d))
	assert.Equal(t, "a plain vote of 5 independent answers agreed: B: Buy it (3 of 5)", agreed.Sentence(d))
	assert.Equal(t, "3 of 4 plain votes chose A: Build it; the panel chose B", other.Line(d))
	assert.Equal(t, "a plain vote of 4 independent answers chose A: Build it (3 of 4); the panel chose B: Buy it", other.Sentence(d))
	assert.Equal(t, "4 plain votes split between A: Build it and B: Buy it (2 each)", tie.Line(d))
	assert.Equal(t, "a plain vote of 4 independent answers split between A: Build it and B: Buy it (2 each of 4); the panel chose B: Buy it", tie.Sentence(d))
	assert.Equal(t, "2 plain votes asked, none cast (timeout)", none.Line(d))
	assert.Equal(t, "a plain vote of 2 independent answers gave no ballot (timeout)", none.Sentence(d))
	assert.False(t, vote("A", "B").Agreed(), "a tie that includes the panel's choice is not agreement")
	skipped := &BaselineVote{Calls: 3, Skipped: "no options"}
	assert.Equal(t, "not held: no options", skipped.Line(d))
}
