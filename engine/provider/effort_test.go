package provider_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine/provider"
)

func TestMapEffort(t *testing.T) {
	three := []provider.Effort{provider.EffortLow, provider.EffortMedium, provider.EffortHigh}
	gemini := []provider.Effort{provider.EffortLow, provider.EffortHigh}
	cases := []struct {
		asked  provider.Effort
		levels []provider.Effort
		want   provider.Effort
	}{
		{"", three, ""},
		{provider.EffortHigh, nil, ""},
		{provider.EffortHigh, []provider.Effort{}, ""},
		{"extreme", three, ""},
		{provider.EffortMax, three, provider.EffortHigh},
		{provider.EffortXHigh, three, provider.EffortHigh},
		{provider.EffortMedium, three, provider.EffortMedium},
		{provider.EffortMedium, gemini, provider.EffortLow},
		{provider.EffortXHigh, gemini, provider.EffortHigh},
		{provider.EffortLow, []provider.Effort{provider.EffortMedium, provider.EffortHigh}, provider.EffortMedium},
		{provider.EffortMax, provider.Ladder, provider.EffortMax},
		{provider.EffortXHigh, []provider.Effort{provider.EffortHigh, provider.EffortLow, provider.EffortMax}, provider.EffortHigh},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, provider.MapEffort(tc.asked, tc.levels), "%q over %v", tc.asked, tc.levels)
	}
}
