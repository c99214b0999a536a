package decision

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A confidence counts as a probability only where it is stated as a number.
func TestStatedProbabilityReadsOnlyNumbers(t *testing.T) {
	for text, want := range map[string]float64{
		"70% — the load test settles it":      0.7,
		"**CONFIDENCE:** 85 % (two unknowns)": 0.85,
		"p = 0.6, given the budget":           0.6,
		"1.0":                                 1,
	} {
		got, ok := StatedProbability(text)
		assert.True(t, ok, text)
		assert.InDelta(t, want, got, 1e-9, text)
	}
	for _, text := range []string{"medium — the vendor may change terms", "high", "", "version 2.5 of the API", "150%", "0"} {
		_, ok := StatedProbability(text)
		assert.False(t, ok, text)
	}
}
