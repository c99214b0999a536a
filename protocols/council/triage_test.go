package council

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Triage is read by its first SHAPE line, however markdown dresses it, and by its reason
// under "## Why" or, without that heading, the text after the line. A team shape may come
// without a reason; a single-agent shape may not, since the gate quotes it to a person.
func TestTriageReadsItsFirstShapeLine(t *testing.T) {
	for _, tc := range []struct {
		text, shape, why, err string
	}{
		{text: "SHAPE: team\n\n## Why\nThree real options.", shape: shapeTeam, why: "Three real options."},
		{text: "**SHAPE:** Single\n\n### Why\nIt is a lookup.", shape: shapeSingle, why: "It is a lookup."},
		{text: "Here is my triage.\n\n## SHAPE: team\n\nThe options pull apart.", shape: shapeTeam, why: "The options pull apart."},
		{text: "SHAPE:\n**team**\n\n## Reason\nContested.", shape: shapeTeam, why: "Contested."},
		{text: "SHAPE: team", shape: shapeTeam},
		{text: "SHAPE: team\n\n## Why\nContested.\n\nSHAPE: single", shape: shapeTeam, why: "Contested.\n\nSHAPE: single"},
		{text: "SHAPE: single\n", err: "## Why"},
		{text: "SHAPE: team | single\n\n## Why\nx", err: `"SHAPE: team | single": give one shape`},
		{text: "SHAPE: maybe\n\n## Why\nx", err: `"SHAPE: maybe"`},
		{text: "## Why\nno shape at all", err: "write a line \"SHAPE: team\""},
	} {
		got, err := parseTriage(tc.text)
		if tc.err != "" {
			assert.ErrorContains(t, err, tc.err, "%q", tc.text)
			continue
		}
		require.NoError(t, err, "%q", tc.text)
		assert.Equal(t, tc.shape, got.Shape, "%q", tc.text)
		assert.Equal(t, tc.why, got.Why, "%q", tc.text)
	}
}

// The shape read from the start of an answer still streaming in is settled: once a prefix
// gives one, every longer prefix gives the same, and the whole answer is read by it. A team
// read early is therefore a team the whole answer confirms, with no contract left to fail.
func TestAStreamedShapeIsTheShapeTheWholeAnswerGives(t *testing.T) {
	answers := []string{
		"SHAPE: team\n\n## Why\nThree real options.",
		"Let me think.\n\n**SHAPE:** team\n## Why\nThe options pull apart.\n",
		"SHAPE:\n\n  team\nContested.",
		"SHAPE: team\nWhy: it is contested. SHAPE: single would be wrong.",
		"SHAPE: Single\n\n## Why\nIt is a lookup.",
		"SHAPE: team | single\n\n## Why\nEchoed.",
		"> SHAPE: team\n",
	}
	for _, text := range answers {
		settled := ""
		for n := 0; n <= len(text); n++ {
			got := streamedShape(text[:n])
			if settled != "" {
				require.Equal(t, settled, got, "%q cut at %d", text, n)
				continue
			}
			settled = got
		}
		if settled == shapeTeam {
			whole, err := parseTriage(text)
			require.NoError(t, err, "%q", text)
			assert.Equal(t, shapeTeam, whole.Shape, "%q", text)
		}
		if shape, _, _ := shapeIn(text); shape != "" {
			assert.Equal(t, shape, settled, "%q: the whole answer's shape is settled by the time it ends with a newline", text+"\n")
		}
	}
	assert.Empty(t, streamedShape("SHAPE: te"), "a line still coming settles nothing")
	assert.Empty(t, streamedShape("SHAPE: team"), "nor does one without its newline: \"teamwork\" could follow")
}
