package vendortest

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine/provider"
)

// Errors is one vendor's table of error replies, each in the vendor's own words.
type Errors struct {
	// RateLimit is a 429, sent with "Retry-After: RetryAfter" (whole seconds).
	RateLimit  ErrorCase
	RetryAfter int
	// Retryable failures are transport: the engine may retry them, the adapter never does.
	Retryable []ErrorCase
	// Quota failures (spend limit, no credit) are quota, carry no wait, and are never retried.
	Quota []ErrorCase
	// Invalid failures must be reported as invalid-request, naming Param when it is set.
	Invalid []ErrorCase
	// Truncated is a successful answer's body cut off mid-JSON.
	Truncated string
}

// CheckErrors runs every error check against the adapter: the vendor's tables first, then
// the failures no vendor words (a proxy's page, a cut body, timeout, cancellation). Every
// check also asserts that exactly one request was made: the engine is the only layer that
// retries, so an adapter that retried on its own would hide requests from the ledger.
func (v Vendor) CheckErrors(t *testing.T, e Errors) {
	t.Run("rate limit carries retry-after", func(t *testing.T) { v.rateLimit(t, e.RateLimit, e.RetryAfter) })
	for _, c := range e.Retryable {
		t.Run("transport with its hint/"+c.name(), func(t *testing.T) { v.transportOnce(t, c) })
	}
	for _, c := range e.Quota {
		t.Run("quota not retried/"+c.name(), func(t *testing.T) { v.quotaOnce(t, c) })
	}
	for _, c := range e.Invalid {
		t.Run("invalid request not retried/"+c.name(), func(t *testing.T) { v.invalidNotRetried(t, c) })
	}
	t.Run("non-JSON server error keeps status and text", v.nonJSONServerError)
	t.Run("truncated body is transport", func(t *testing.T) { v.truncatedBody(t, e.Truncated) })
	t.Run("non-JSON success is transport", v.nonJSONSuccess)
	t.Run("connection refused is transport", v.connectionRefused)
	t.Run("client timeout is transport", v.timeout)
	t.Run("caller cancellation is transport", v.cancellation)
}

// rateLimit: a 429 is transport and keeps its status, the vendor's words and the hint, after
// exactly one request.
func (v Vendor) rateLimit(t *testing.T, c ErrorCase, seconds int) {
	srv, pe, err := v.fail(t, Knobs{}, JSONFile(t, c.Status, c.File, "Retry-After", strconv.Itoa(seconds)))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, c.Status, pe.Status)
	assert.Equal(t, time.Duration(seconds)*time.Second, pe.RetryAfter)
	assert.Contains(t, err.Error(), c.Want)
	assert.Len(t, srv.Requests(), 1)
}

// transportOnce: a retryable failure with a retry-after-ms hint is transport with its status,
// hint and words, after one request.
func (v Vendor) transportOnce(t *testing.T, c ErrorCase) {
	srv, pe, err := v.fail(t, Knobs{}, JSONFile(t, c.Status, c.File, "Retry-After-Ms", "1250"))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, c.Status, pe.Status)
	assert.Equal(t, 1250*time.Millisecond, pe.RetryAfter)
	assert.Contains(t, err.Error(), c.Want)
	assert.Len(t, srv.Requests(), 1, "the adapter does not retry")
}

// quotaOnce: an exhausted quota is its own class with no wait hint, after one request.
func (v Vendor) quotaOnce(t *testing.T, c ErrorCase) {
	srv, pe, err := v.fail(t, Knobs{}, JSONFile(t, c.Status, c.File, "Retry-After", "30"))
	assert.Equal(t, provider.ClassQuota, pe.Class)
	assert.Equal(t, c.Status, pe.Status)
	assert.Zero(t, pe.RetryAfter, "no wait clears a quota")
	assert.Contains(t, err.Error(), c.Want)
	assert.Len(t, srv.Requests(), 1)
}

// invalidNotRetried: invalid-request with its status, words and the setting it names.
func (v Vendor) invalidNotRetried(t *testing.T, c ErrorCase) {
	srv, pe, err := v.fail(t, Knobs{}, JSONFile(t, c.Status, c.File))
	assert.Equal(t, provider.ClassInvalidRequest, pe.Class)
	assert.Equal(t, c.Status, pe.Status)
	assert.Equal(t, c.Param, pe.Param)
	assert.Contains(t, err.Error(), c.Want)
	assert.Len(t, srv.Requests(), 1)
}

// replyOnce is a 200 with the vendor's success body, for checks that need no error.
func (v Vendor) replyOnce(t *testing.T) Reply { return JSONFile(t, http.StatusOK, v.OK) }
