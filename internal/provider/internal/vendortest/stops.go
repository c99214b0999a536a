package vendortest

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// StopCase is a successful response whose stop leaves no usable answer: a refusal, a content
// filter, a cut-off answer.
type StopCase struct {
	// File names the testdata file sent with status 200.
	File  string
	Class provider.Class
	// Want is text the error must contain; Input the input tokens the usage must keep.
	Want  string
	Input int64
}

// CheckStops sends each case's answer (asking for MaxTokens 1024) and checks that it fails
// with its class and words after one request, keeping the usage so the budget still counts
// the tokens the vendor billed.
func (v Vendor) CheckStops(t *testing.T, cases ...StopCase) {
	for _, tc := range cases {
		t.Run(tc.File, func(t *testing.T) {
			srv := NewServer(t, JSONFile(t, http.StatusOK, tc.File))
			resp, err := v.Client(srv, Knobs{Model: "m"}).Complete(context.Background(),
				provider.Request{User: "q", MaxTokens: 1024})
			var pe *provider.Error
			require.True(t, errors.As(err, &pe), "want a provider error, got %v", err)
			assert.Equal(t, tc.Class, pe.Class)
			assert.Contains(t, err.Error(), tc.Want)
			assert.Equal(t, tc.Input, resp.Usage.InputTokens)
			assert.Len(t, srv.Requests(), 1)
		})
	}
}
