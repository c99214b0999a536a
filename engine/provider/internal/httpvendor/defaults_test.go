package httpvendor_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/provider/internal/httpvendor"
)

func TestRetries(t *testing.T) {
	assert.Equal(t, 2, httpvendor.Retries(0, 2), "zero means the default")
	assert.Equal(t, 0, httpvendor.Retries(-1, 2), "negative switches retries off")
	assert.Equal(t, 5, httpvendor.Retries(5, 2))
}

func TestOrDefault(t *testing.T) {
	assert.Equal(t, time.Minute, httpvendor.OrDefault(0, time.Minute))
	assert.Equal(t, time.Minute, httpvendor.OrDefault(-time.Second, time.Minute))
	assert.Equal(t, time.Second, httpvendor.OrDefault(time.Second, time.Minute))
}

func TestModel(t *testing.T) {
	m, err := httpvendor.Model("asked", "configured", "acme")
	require.NoError(t, err)
	assert.Equal(t, "asked", m)
	m, err = httpvendor.Model("", "configured", "acme")
	require.NoError(t, err)
	assert.Equal(t, "configured", m)
	_, err = httpvendor.Model("", "", "acme")
	assert.Equal(t, provider.ClassInvalidRequest, provider.ClassOf(err))
	assert.EqualError(t, err, "invalid-request: acme: no model in request or config")
}

func TestCapEffort(t *testing.T) {
	cases := []struct{ effort, ceiling, want provider.Effort }{
		{"", "", ""},
		{"", provider.EffortHigh, ""},
		{"extreme", "", ""},
		{provider.EffortLow, "", provider.EffortLow},
		{provider.EffortMax, "", provider.EffortMax},
		{provider.EffortMax, provider.EffortHigh, provider.EffortHigh},
		{provider.EffortXHigh, provider.EffortHigh, provider.EffortHigh},
		{provider.EffortMax, provider.EffortXHigh, provider.EffortXHigh},
		{provider.EffortLow, provider.EffortHigh, provider.EffortLow},
		{provider.EffortMedium, "unknown", provider.EffortMedium},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, httpvendor.CapEffort(tc.effort, tc.ceiling), "%q capped at %q", tc.effort, tc.ceiling)
	}
}
