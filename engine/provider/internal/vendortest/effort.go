package vendortest

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// EffortCase is an effort asked for, the ceiling configured, and the value due on the wire
// (nil: the field is not sent at all).
type EffortCase struct {
	Effort, Ceiling provider.Effort
	Want            any
}

// EffortCases cover the whole ladder uncapped, then capping from above and a ceiling that
// leaves lower rungs alone. Both vendors' knobs use war-room's five names.
var EffortCases = []EffortCase{
	{"", "", nil},
	{provider.EffortLow, "", "low"},
	{provider.EffortMedium, "", "medium"},
	{provider.EffortHigh, "", "high"},
	{provider.EffortXHigh, "", "xhigh"},
	{provider.EffortMax, "", "max"},
	{provider.EffortXHigh, provider.EffortHigh, "high"},
	{provider.EffortMax, provider.EffortHigh, "high"},
	{provider.EffortLow, provider.EffortHigh, "low"},
	{provider.EffortMedium, provider.EffortHigh, "medium"},
	{provider.EffortMax, provider.EffortXHigh, "xhigh"},
}

// EffortOnTheWire sends one request per EffortCase and finds the effort in the request body
// at keys. When none is due, keys[0] (the field holding it) must be absent from the body.
func (v Vendor) EffortOnTheWire(t *testing.T, keys ...any) {
	for _, tc := range EffortCases {
		t.Run(string(tc.Effort)+"/"+string(tc.Ceiling), func(t *testing.T) {
			srv := NewServer(t, JSONFile(t, http.StatusOK, v.OK))
			_, err := v.Client(srv, Knobs{Model: "m", MaxEffort: tc.Ceiling}).Complete(
				context.Background(), provider.Request{User: "q", Effort: tc.Effort})
			require.NoError(t, err)
			b := srv.Requests()[0].Body
			if tc.Want == nil {
				assert.NotContains(t, b, keys[0])
				return
			}
			assert.Equal(t, tc.Want, Path(b, keys...))
		})
	}
}
