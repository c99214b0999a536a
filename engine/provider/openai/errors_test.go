package openai

import (
	"net/http"
	"testing"

	"github.com/war-room/war-room/engine/provider/internal/vendortest"
)

// TestErrorsAreClassified runs the shared error checks with the error bodies of OpenAI and of
// the compatible servers, each of which words its errors differently; each keeps its message.
func TestErrorsAreClassified(t *testing.T) {
	vendor.CheckErrors(t, vendortest.Errors{
		RateLimit: vendortest.ErrorCase{Status: http.StatusTooManyRequests, File: "error_rate_limit.json",
			Want: "tokens/rate_limit_exceeded: Rate limit reached for gpt-5"},
		RetryAfter: 5,
		Retryable: []vendortest.ErrorCase{
			{Name: "rate limit", Status: http.StatusTooManyRequests, File: "error_rate_limit.json", Want: "rate_limit"},
			{Name: "overloaded", Status: http.StatusServiceUnavailable, File: "error_overloaded.json",
				Want: "server_error: The engine is currently overloaded"},
		},
		Invalid: []vendortest.ErrorCase{
			{Name: "openai 400", Status: http.StatusBadRequest, File: "error_invalid_request.json",
				Want: "invalid_request_error/model_not_found: The model `gpt-9-turbo` does not exist"},
			{Name: "openai 401", Status: http.StatusUnauthorized, File: "error_unauthorized.json", Want: "Incorrect API key provided"},
			{Name: "openai 404", Status: http.StatusNotFound, File: "error_invalid_request.json", Want: "does not exist"},
			{Name: "422", Status: http.StatusUnprocessableEntity, File: "error_invalid_request.json", Want: "invalid_request_error"},
			{Name: "vllm", Status: http.StatusNotFound, File: "error_vllm.json", Want: "NotFoundError: The model `qwen3-72b` does not exist."},
			{Name: "llama.cpp", Status: http.StatusBadRequest, File: "error_llamacpp.json",
				Want: "exceed_context_size_error: the request exceeds the available context size"},
			{Name: "string error", Status: http.StatusNotFound, File: "error_string.json", Want: `model "llama9" not found`},
		},
		Truncated: `{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,"mess`,
	})
}
