package github

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// judge decides whether an answer is a success. It returns nil for a success and for a
// REST refusal that is final (a 404, a 422), which is passed on for the caller to read;
// anything else is an *APIError.
func judge(d *described, status int, h http.Header, body []byte, now time.Time) *APIError {
	e := &APIError{Op: d.op, Kind: Transient, Status: status, Write: d.write()}
	e.RetryAfter, e.Reset = limits(h, now)
	if d.graphQL {
		return judgeGraphQL(e, status, body)
	}
	switch {
	case status >= 200 && status < 300:
		if !d.expectJSON || status == http.StatusNoContent || status == http.StatusAccepted {
			return nil
		}
		if why := notAResource(body); why != "" {
			e.Messages = []string{why}
			return e
		}
		return nil
	case status < 400:
		return nil // a redirect, followed by the client
	}
	e.Messages = restMessage(body)
	e.NotFound = status == http.StatusNotFound
	e.Kind = statusKind(status, e, body)
	if e.Kind == Permanent {
		return nil
	}
	return e
}

// statusKind classifies a non-2xx answer: 429 and 403 with a limit's headers or words are
// rate limits, 5xx transient, the rest permanent.
func statusKind(status int, e *APIError, body []byte) Kind {
	switch {
	case status == http.StatusTooManyRequests,
		status == http.StatusForbidden && (e.RetryAfter > 0 || !e.Reset.IsZero() || mentionsRateLimit(body)):
		return RateLimited
	case status >= 500:
		return Transient
	}
	return Permanent
}

func judgeGraphQL(e *APIError, status int, body []byte) *APIError {
	var out struct {
		Data    json.RawMessage `json:"data"`
		Errors  []gqlError      `json:"errors"`
		Message string          `json:"message"`
	}
	parsed := json.Unmarshal(body, &out) == nil
	for _, ge := range out.Errors {
		e.Messages = append(e.Messages, ge.Message)
		e.NotFound = e.NotFound || strings.EqualFold(ge.Type, "NOT_FOUND")
	}
	if len(e.Messages) == 0 && out.Message != "" {
		e.Messages = []string{out.Message}
	}
	switch {
	case status != http.StatusOK:
		e.Kind = statusKind(status, e, body)
	case !parsed:
		e.Messages = []string{"the answer is not JSON"}
	case len(out.Errors) > 0:
		e.Kind = graphQLKind(out.Errors)
	case len(out.Data) == 0 || string(out.Data) == "null":
		e.Messages = []string{"the answer carries no data"}
	default:
		return nil
	}
	return e
}

type gqlError struct {
	Type       string         `json:"type"`
	Message    string         `json:"message"`
	Extensions map[string]any `json:"extensions"`
}

// graphQLKind judges an HTTP 200 that carried an errors array. A failure is never read as
// success, whatever data came with it.
func graphQLKind(errs []gqlError) Kind {
	kind := Transient // GitHub's "Something went wrong while executing your query"
	for _, ge := range errs {
		switch strings.ToUpper(ge.Type) {
		case "RATE_LIMITED", "RATE_LIMIT":
			return RateLimited
		case "NOT_FOUND", "FORBIDDEN", "UNPROCESSABLE", "INSUFFICIENT_SCOPES", "ARGUMENT_ERROR":
			kind = Permanent
		}
		if _, ok := ge.Extensions["code"]; ok {
			kind = Permanent // a schema validation error: the document itself is wrong
		}
		if strings.HasPrefix(ge.Message, "Parse error") {
			kind = Permanent
		}
	}
	return kind
}

// errorKeys are the fields of GitHub's REST error body; a body with a message and nothing
// else is an error, whatever its status said.
var errorKeys = map[string]bool{"message": true, "documentation_url": true, "errors": true, "status": true}

// notAResource says why a 2xx body is not the resource asked for ("" when it is one).
func notAResource(body []byte) string {
	if len(strings.TrimSpace(string(body))) == 0 {
		return "the answer has an empty body"
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return "the answer is not JSON"
	}
	obj, ok := v.(map[string]any)
	if !ok {
		if _, list := v.([]any); list {
			return ""
		}
		return "the answer is not a JSON object or list"
	}
	if _, has := obj["message"]; !has {
		return ""
	}
	for k := range obj {
		if !errorKeys[k] {
			return ""
		}
	}
	return fmt.Sprintf("the answer is an error: %v", obj["message"])
}

func restMessage(body []byte) []string {
	var out struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(body, &out) == nil && out.Message != "" {
		return []string{out.Message}
	}
	return nil
}

func mentionsRateLimit(body []byte) bool {
	s := strings.ToLower(string(body))
	return strings.Contains(s, "rate limit") || strings.Contains(s, "secondary-rate-limits")
}

// limits reads Retry-After (seconds or an HTTP date) and, when the quota is spent,
// x-ratelimit-reset.
func limits(h http.Header, now time.Time) (after time.Duration, reset time.Time) {
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.Atoi(v); err == nil && s >= 0 {
			after = time.Duration(s) * time.Second
		} else if t, err := http.ParseTime(v); err == nil {
			after = max(t.Sub(now), time.Second)
		}
	}
	if h.Get("X-Ratelimit-Remaining") == "0" {
		if s, err := strconv.ParseInt(h.Get("X-Ratelimit-Reset"), 10, 64); err == nil {
			reset = time.Unix(s, 0)
		}
	}
	return after, reset
}

// hideLimits removes the rate-limit headers from what the clients above see. The transport
// owns all waiting, on its injected clock; go-github would otherwise remember a limit and
// refuse later requests by the wall clock without sending them.
func hideLimits(h http.Header) {
	h.Del("Retry-After")
	for k := range h {
		if strings.HasPrefix(strings.ToLower(k), "x-ratelimit-") {
			h.Del(k)
		}
	}
}
