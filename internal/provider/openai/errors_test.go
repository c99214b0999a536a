package openai

import (
	"net/http"
	"testing"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// TestErrorsAreClassified runs the shared error checks with the error bodies of OpenAI and of
// the compatible servers, each of which words its errors differently; each keeps its message.
// OpenAI's insufficient_quota 429 is quota; Gemini's per-minute 429, worded "exceeded your
// current quota" too, stays transport: only OpenAI's type or code decides.
func TestErrorsAreClassified(t *testing.T) {
	vendor.CheckErrors(t, vendortest.Errors{
		RateLimit: vendortest.ErrorCase{Status: http.StatusTooManyRequests, File: "error_rate_limit.json",
			Want: "tokens/rate_limit_exceeded: Rate limit reached for gpt-5"},
		RetryAfter: 5,
		Retryable: []vendortest.ErrorCase{
			{Name: "rate limit", Status: http.StatusTooManyRequests, File: "error_rate_limit.json", Want: "rate_limit"},
			{Name: "gemini rate limit", Status: http.StatusTooManyRequests, File: "error_gemini_rate_limit.json", Want: "RESOURCE_EXHAUSTED"},
			{Name: "overloaded", Status: http.StatusServiceUnavailable, File: "error_overloaded.json",
				Want: "server_error: The engine is currently overloaded"},
			{Name: "500", Status: http.StatusInternalServerError, File: "error_server.json", Want: "server_error: The server had an error"},
		},
		Quota: []vendortest.ErrorCase{
			{Name: "insufficient_quota", Status: http.StatusTooManyRequests, File: "error_insufficient_quota.json",
				Want: "insufficient_quota: You exceeded your current quota"},
			{Name: "project spend limit", Status: http.StatusTooManyRequests, File: "error_spend_limit.json",
				Want: "monthly spend limit"},
		},
		Invalid: []vendortest.ErrorCase{
			{Name: "openai 400", Status: http.StatusBadRequest, File: "error_invalid_request.json",
				Want: "invalid_request_error/model_not_found: The model `gpt-9-turbo` does not exist"},
			{Name: "reasoning_effort rejected", Status: http.StatusBadRequest, File: "error_reasoning_effort_unsupported.json",
				Want: "'reasoning_effort' is not supported with this model", Param: provider.ParamEffort},
			{Name: "gemini effort level rejected", Status: http.StatusBadRequest, File: "error_gemini_effort_level.json",
				Want: "Invalid reasoning effort: xhigh", Param: provider.ParamEffort},
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
