package anthropic

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

const noRetries = -1

func complete(t *testing.T, c *Client) (*provider.Error, error) {
	t.Helper()
	_, err := c.Complete(context.Background(), provider.Request{User: "q", Model: "m"})
	require.Error(t, err)
	var pe *provider.Error
	require.True(t, errors.As(err, &pe), "error %v is not a *provider.Error", err)
	return pe, err
}

func TestRateLimitIsTransportWithRetryAfter(t *testing.T) {
	api := newFakeAPI(t, jsonFile(t, http.StatusTooManyRequests, "error_rate_limit.json", "Retry-After", "7"))
	pe, err := complete(t, api.client(Config{MaxRetries: noRetries}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, http.StatusTooManyRequests, pe.Status)
	assert.Equal(t, 7*time.Second, pe.RetryAfter)
	assert.Contains(t, err.Error(), "rate_limit_error: This request would exceed the rate limit")
	assert.Len(t, api.requests(), 1)
}

// The SDK waits as long as retry-after-ms says, so a 1ms hint keeps retried tests fast.
func TestRetryableFailuresAreRetriedThenTransport(t *testing.T) {
	cases := []struct {
		name   string
		status int
		file   string
		want   string
	}{
		{"rate limit", http.StatusTooManyRequests, "error_rate_limit.json", "rate_limit_error"},
		{"overloaded", 529, "error_overloaded.json", "overloaded_error: Overloaded"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, jsonFile(t, tc.status, tc.file, "Retry-After-Ms", "1"))
			pe, err := complete(t, api.client(Config{MaxRetries: 1}))
			assert.Equal(t, provider.ClassTransport, pe.Class)
			assert.Equal(t, tc.status, pe.Status)
			assert.Equal(t, time.Millisecond, pe.RetryAfter)
			assert.Contains(t, err.Error(), tc.want)
			assert.Len(t, api.requests(), 2, "one try and one retry")
		})
	}
}

func TestRetrySucceedsAfterOverload(t *testing.T) {
	api := newFakeAPI(t,
		jsonFile(t, 529, "error_overloaded.json", "Retry-After-Ms", "1"),
		jsonFile(t, http.StatusOK, "message_ok.json"))
	resp, err := api.client(Config{MaxRetries: 1}).Complete(context.Background(),
		provider.Request{User: "q", Model: "m"})
	require.NoError(t, err)
	assert.Equal(t, "end_turn", resp.StopReason)
	assert.Len(t, api.requests(), 2)
}

func TestClientErrorsAreInvalidRequestAndNotRetried(t *testing.T) {
	cases := []struct {
		status int
		file   string
		want   string
	}{
		{http.StatusBadRequest, "error_invalid_request.json", "invalid_request_error: max_tokens: 200000 > 64000"},
		{http.StatusUnauthorized, "error_authentication.json", "authentication_error: invalid x-api-key"},
		{http.StatusForbidden, "error_authentication.json", "invalid x-api-key"},
		{http.StatusNotFound, "error_invalid_request.json", "invalid_request_error"},
		{http.StatusRequestEntityTooLarge, "error_invalid_request.json", "invalid_request_error"},
		{http.StatusUnprocessableEntity, "error_invalid_request.json", "invalid_request_error"},
	}
	for _, tc := range cases {
		t.Run(http.StatusText(tc.status), func(t *testing.T) {
			api := newFakeAPI(t, jsonFile(t, tc.status, tc.file))
			pe, err := complete(t, api.client(Config{MaxRetries: 2}))
			assert.Equal(t, provider.ClassInvalidRequest, pe.Class)
			assert.Equal(t, tc.status, pe.Status)
			assert.Contains(t, err.Error(), tc.want)
			assert.Len(t, api.requests(), 1)
		})
	}
}

func TestServerErrorWithNonJSONBodyKeepsStatusAndText(t *testing.T) {
	api := newFakeAPI(t, raw(http.StatusBadGateway, "text/html", "<html>502 Bad Gateway</html>"))
	pe, err := complete(t, api.client(Config{MaxRetries: noRetries}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, http.StatusBadGateway, pe.Status)
	assert.Contains(t, err.Error(), "502 Bad Gateway")
}

func TestTruncatedBodyIsTransport(t *testing.T) {
	api := newFakeAPI(t, raw(http.StatusOK, "application/json", `{"id":"msg_01","type":"message","content":[{"type":"te`))
	pe, _ := complete(t, api.client(Config{MaxRetries: noRetries}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Zero(t, pe.Status)
}

func TestConnectionRefusedIsTransport(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	pe, _ := complete(t, New(Config{BaseURL: url, APIKey: "k", MaxRetries: noRetries}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.ErrorIs(t, pe, syscall.ECONNREFUSED)
}

func TestClientTimeoutIsTransport(t *testing.T) {
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	pe, _ := complete(t, api.client(Config{MaxRetries: noRetries, Timeout: 20 * time.Millisecond}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.ErrorIs(t, pe, context.DeadlineExceeded)
}

func TestCallerCancellationIsTransport(t *testing.T) {
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	ctx, cancel := context.WithCancel(context.Background())
	c := api.client(Config{MaxRetries: noRetries})
	go func() {
		for len(api.requests()) == 0 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	_, err := c.Complete(ctx, provider.Request{User: "q", Model: "m"})
	assert.Equal(t, provider.ClassTransport, provider.ClassOf(err))
	assert.ErrorIs(t, err, context.Canceled)
}
