package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Real models answer a plain request in many shapes; every one that names a single option
// is read, and one that names none, several or one out of range is refused with the reason.
func TestReadBallotToleratesForm(t *testing.T) {
	read := []struct {
		name, text string
		want       int
		reason     string
	}{
		{"as asked", "Choice: Option 2\nIt is cheaper to undo.", 1, "It is cheaper to undo."},
		{"bold label", "**Choice:** Option 3\n\nThe others lock us in.", 2, "The others lock us in."},
		{"heading", "## Choice: Option 1\n\n### Why\n- **fast** to ship\n- cheap", 0, "### Why - fast to ship - cheap"},
		{"bare number", "Choice: 2 — the queue we already run.", 1, "the queue we already run."},
		{"list item, dash", "- My choice — option 3\n", 2, ""},
		{"preamble first", "Having weighed the three options, I lean one way.\n\nFinal choice: **Option 1**\nReason: reuse.", 0, "Reason: reuse."},
		{"no choice line, one option named", "I would go with Option 2, since it can be rolled back.", 1, "I would go with Option 2, since it can be rolled back."},
		{"lower case", "choice: option 3", 2, ""},
	}
	for _, c := range read {
		t.Run(c.name, func(t *testing.T) {
			got, err := readBallot(c.text, 3)
			require.NoError(t, err)
			assert.Equal(t, c.want, got.index)
			assert.Equal(t, c.reason, got.reason)
		})
	}
	refused := map[string]string{
		"out of range":    "Choice: Option 4",
		"zero":            "Choice: Option 0",
		"two named":       "Option 1 is safe, Option 2 is fast; I cannot pick.",
		"none named":      "It depends on the team.",
		"empty":           "",
		"choice no digit": "Choice: the second one",
	}
	for name, text := range refused {
		t.Run(name, func(t *testing.T) {
			_, err := readBallot(text, 3)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "1 to 3")
		})
	}
}

func TestParseBaseline(t *testing.T) {
	for in, want := range map[string]Baseline{"": {}, "off": {}, "0": {}, "5": {Calls: 5}, " 32 ": {Calls: 32},
		"matched": {Matched: true}, "Matched": {Matched: true}} {
		got, err := ParseBaseline(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
		assert.Equal(t, want.On(), got.String() != "off", in)
	}
	for _, in := range []string{"-1", "33", "many", "2.5"} {
		_, err := ParseBaseline(in)
		assert.Error(t, err, in)
	}
}

// Ballots go round the families before any family gets a second one, and within a family
// round its profiles.
func TestBaselineProfilesSpreadOverFamilies(t *testing.T) {
	seats := []Seat{{Profile: "opus", Family: "anthropic"}, {Profile: "gpt", Family: "openai"},
		{Profile: "sonnet", Family: "anthropic"}, {Profile: "opus", Family: "anthropic"}, {Profile: "qwen", Family: "qwen"}}
	assert.Equal(t, []string{"opus", "gpt", "qwen", "sonnet", "gpt", "qwen", "opus"}, BaselineProfiles(seats, 7))
	assert.Empty(t, BaselineProfiles(nil, 3))
}

func TestMatchedCallsTrackTheDeliberation(t *testing.T) {
	assert.Equal(t, baselineSize{Calls: 10}, matchedCalls(10*(700+BaselineAnswerTokens), 700))
	assert.Equal(t, baselineSize{Calls: 1}, matchedCalls(10, 700), "at least one ballot")
	assert.Equal(t, baselineSize{Calls: MaxBaselineCalls, Capped: 100}, matchedCalls(100*1000, 1000-BaselineAnswerTokens))
}
