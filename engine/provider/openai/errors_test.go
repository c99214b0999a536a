package openai

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
	api := newFakeAPI(t, jsonFile(t, http.StatusTooManyRequests, "error_rate_limit.json", "Retry-After", "5"))
	pe, err := complete(t, api.client(Config{MaxRetries: noRetries}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, http.StatusTooManyRequests, pe.Status)
	assert.Equal(t, 5*time.Second, pe.RetryAfter)
	assert.Contains(t, err.Error(), "tokens/rate_limit_exceeded: Rate limit reached for gpt-5")
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
		{"rate limit", http.StatusTooManyRequests, "error_rate_limit.json", "rate_limit"},
		{"overloaded", http.StatusServiceUnavailable, "error_overloaded.json", "server_error: The engine is currently overloaded"},
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
		jsonFile(t, http.StatusServiceUnavailable, "error_overloaded.json", "Retry-After-Ms", "1"),
		jsonFile(t, http.StatusOK, "chat_completion_ok.json"))
	resp, err := api.client(Config{MaxRetries: 1}).Complete(context.Background(),
		provider.Request{User: "q", Model: "m"})
	require.NoError(t, err)
	assert.Equal(t, "stop", resp.StopReason)
	assert.Len(t, api.requests(), 2)
}

// Compatible servers word their error bodies differently; each keeps its message.
func TestClientErrorsAreInvalidRequestAndNotRetried(t *testing.T) {
	cases := []struct {
		name   string
		status int
		file   string
		want   string
	}{
		{"openai 400", http.StatusBadRequest, "error_invalid_request.json", "invalid_request_error/model_not_found: The model `gpt-9-turbo` does not exist"},
		{"openai 401", http.StatusUnauthorized, "error_unauthorized.json", "Incorrect API key provided"},
		{"openai 404", http.StatusNotFound, "error_invalid_request.json", "does not exist"},
		{"422", http.StatusUnprocessableEntity, "error_invalid_request.json", "invalid_request_error"},
		{"vllm", http.StatusNotFound, "error_vllm.json", "NotFoundError: The model `qwen3-72b` does not exist."},
		{"llama.cpp", http.StatusBadRequest, "error_llamacpp.json", "exceed_context_size_error: the request exceeds the available context size"},
		{"string error", http.StatusNotFound, "error_string.json", `model "llama9" not found`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
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
	api := newFakeAPI(t, raw(http.StatusOK, "application/json", `{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"mess`))
	pe, _ := complete(t, api.client(Config{MaxRetries: noRetries}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Zero(t, pe.Status)
}

func TestConnectionRefusedIsTransport(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	pe, _ := complete(t, New(Config{BaseURL: url + "/v1", MaxRetries: noRetries}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.ErrorIs(t, pe, syscall.ECONNREFUSED)
}

func TestClientTimeoutIsTransport(t *testing.T) {
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	pe, _ := complete(t, api.client(Config{MaxRetries: noRetries, Timeout: 20 * time.Millisecond}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.ErrorIs(t, pe, context.DeadlineExceeded)
}
