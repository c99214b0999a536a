package anthropic

import (
	"net/http"
	"testing"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// TestErrorsAreClassified runs the shared error checks with the Messages API's own error
// bodies: 429 and 529 (overloaded) are transport, a spend limit is quota whatever its status,
// every other 4xx is the request's fault and names effort or thinking when the API does.
func TestErrorsAreClassified(t *testing.T) {
	vendor.CheckErrors(t, vendortest.Errors{
		RateLimit: vendortest.ErrorCase{Status: http.StatusTooManyRequests, File: "error_rate_limit.json",
			Want: "rate_limit_error: This request would exceed the rate limit"},
		RetryAfter: 7,
		Retryable: []vendortest.ErrorCase{
			{Name: "rate limit", Status: http.StatusTooManyRequests, File: "error_rate_limit.json", Want: "rate_limit_error"},
			{Name: "529 overloaded", Status: 529, File: "error_overloaded.json", Want: "overloaded_error: Overloaded"},
			{Name: "500", Status: http.StatusInternalServerError, File: "error_api_500.json", Want: "api_error: Internal server error"},
		},
		Quota: []vendortest.ErrorCase{
			{Name: "tier spend limit 429", Status: http.StatusTooManyRequests, File: "error_spend_limit.json", Want: "monthly spend limit"},
			{Name: "own usage limit 400", Status: http.StatusBadRequest, File: "error_usage_limits.json", Want: "specified API usage limits"},
		},
		Invalid: []vendortest.ErrorCase{
			{Status: http.StatusBadRequest, File: "error_invalid_request.json", Want: "invalid_request_error: max_tokens: 200000 > 64000"},
			{Name: "effort rejected", Status: http.StatusBadRequest, File: "error_effort_unsupported.json",
				Want: "does not support the effort parameter", Param: provider.ParamEffort},
			{Name: "thinking rejected", Status: http.StatusBadRequest, File: "error_thinking_unsupported.json",
				Want: "thinking.type", Param: provider.ParamThinking},
			{Status: http.StatusUnauthorized, File: "error_authentication.json", Want: "authentication_error: invalid x-api-key"},
			{Status: http.StatusForbidden, File: "error_authentication.json", Want: "invalid x-api-key"},
			{Status: http.StatusNotFound, File: "error_invalid_request.json", Want: "invalid_request_error"},
			{Status: http.StatusRequestEntityTooLarge, File: "error_invalid_request.json", Want: "invalid_request_error"},
			{Status: http.StatusUnprocessableEntity, File: "error_invalid_request.json", Want: "invalid_request_error"},
		},
		Truncated: `{"id":"msg_01","type":"message","content":[{"type":"te`,
	})
}
