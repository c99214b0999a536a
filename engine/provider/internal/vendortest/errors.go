package vendortest

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// Errors is one vendor's table of error replies, each in the vendor's own words.
type Errors struct {
	// RateLimit is a 429, sent with "Retry-After: RetryAfter" (whole seconds).
	RateLimit  ErrorCase
	RetryAfter int
	// Retryable failures must be retried, then reported as transport.
	Retryable []ErrorCase
	// Invalid failures must be reported as invalid-request and never retried.
	Invalid []ErrorCase
	// Truncated is a successful answer's body cut off mid-JSON.
	Truncated string
}

// CheckErrors runs every error check against the adapter: the vendor's tables first, then
// the failures no vendor words (a proxy's page, a cut body, refusal, timeout, cancellation).
func (v Vendor) CheckErrors(t *testing.T, e Errors) {
	t.Run("rate limit carries retry-after", func(t *testing.T) { v.rateLimit(t, e.RateLimit, e.RetryAfter) })
	for _, c := range e.Retryable {
		t.Run("retried then transport/"+c.name(), func(t *testing.T) { v.retriedThenTransport(t, c) })
		t.Run("retry succeeds/"+c.name(), func(t *testing.T) { v.retrySucceeds(t, c) })
	}
	for _, c := range e.Invalid {
		t.Run("invalid request not retried/"+c.name(), func(t *testing.T) { v.invalidNotRetried(t, c) })
	}
	t.Run("non-JSON server error keeps status and text", v.nonJSONServerError)
	t.Run("truncated body is transport", func(t *testing.T) { v.truncatedBody(t, e.Truncated) })
	t.Run("connection refused is transport", v.connectionRefused)
	t.Run("client timeout is transport", v.timeout)
	t.Run("caller cancellation is transport", v.cancellation)
}

// rateLimit: with retries off, a 429 is transport and keeps its status, the vendor's words
// and the hint, after exactly one request.
func (v Vendor) rateLimit(t *testing.T, c ErrorCase, seconds int) {
	srv, pe, err := v.fail(t, Knobs{MaxRetries: NoRetries},
		JSONFile(t, c.Status, c.File, "Retry-After", strconv.Itoa(seconds)))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, c.Status, pe.Status)
	assert.Equal(t, time.Duration(seconds)*time.Second, pe.RetryAfter)
	assert.Contains(t, err.Error(), c.Want)
	assert.Len(t, srv.Requests(), 1)
}

// retriedThenTransport: tried once, retried once, then transport with its status, hint and
// words. The SDKs wait as long as retry-after-ms says, so a 1ms hint keeps this fast.
func (v Vendor) retriedThenTransport(t *testing.T, c ErrorCase) {
	srv, pe, err := v.fail(t, Knobs{MaxRetries: 1}, JSONFile(t, c.Status, c.File, "Retry-After-Ms", "1"))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, c.Status, pe.Status)
	assert.Equal(t, time.Millisecond, pe.RetryAfter)
	assert.Contains(t, err.Error(), c.Want)
	assert.Len(t, srv.Requests(), 2, "one try and one retry")
}

// retrySucceeds: after one such failure the retry's answer is returned.
func (v Vendor) retrySucceeds(t *testing.T, c ErrorCase) {
	srv := NewServer(t, JSONFile(t, c.Status, c.File, "Retry-After-Ms", "1"), JSONFile(t, http.StatusOK, v.OK))
	resp, err := v.Client(srv, Knobs{MaxRetries: 1}).Complete(context.Background(),
		provider.Request{User: "q", Model: "m"})
	require.NoError(t, err)
	assert.Equal(t, v.OKStop, resp.StopReason)
	assert.Len(t, srv.Requests(), 2)
}

// invalidNotRetried: invalid-request with its status and words, not retried though retries
// are on.
func (v Vendor) invalidNotRetried(t *testing.T, c ErrorCase) {
	srv, pe, err := v.fail(t, Knobs{MaxRetries: 2}, JSONFile(t, c.Status, c.File))
	assert.Equal(t, provider.ClassInvalidRequest, pe.Class)
	assert.Equal(t, c.Status, pe.Status)
	assert.Contains(t, err.Error(), c.Want)
	assert.Len(t, srv.Requests(), 1)
}
