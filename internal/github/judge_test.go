package github

import (
	"net/http"
	"testing"
	"time"
)

// How an answer is judged: status, headers and body together.
func TestJudge(t *testing.T) {
	hdr := func(kv ...string) http.Header {
		h := http.Header{}
		for i := 0; i < len(kv); i += 2 {
			h.Set(kv[i], kv[i+1])
		}
		return h
	}
	gql := &described{op: "createDiscussion", kind: create, graphQL: true}
	rest := &described{op: "POST /x", kind: create, expectJSON: true}
	diff := &described{op: "GET /pulls/1", kind: read}
	const ok = Kind(-1) // a success or a refusal passed on
	for _, tc := range []struct {
		name   string
		d      *described
		status int
		h      http.Header
		body   string
		want   Kind
	}{
		{"403 forbidden", rest, 403, hdr(), `{"message":"Resource not accessible by integration"}`, ok},
		{"403 secondary (text)", rest, 403, hdr(), `{"message":"You have exceeded a secondary rate limit"}`, RateLimited},
		{"403 retry-after", rest, 403, hdr("Retry-After", "3"), `{"message":"x"}`, RateLimited},
		{"403 quota spent", rest, 403, hdr("X-RateLimit-Remaining", "0", "X-RateLimit-Reset", "1800000000"), `{"message":"x"}`, RateLimited},
		{"429", rest, 429, hdr(), `{"message":"x"}`, RateLimited},
		{"502", rest, 502, hdr(), `{"message":"Server Error"}`, Transient},
		{"404", rest, 404, hdr(), `{"message":"Not Found"}`, ok},
		{"201 comment", rest, 201, hdr(), `{"id":1,"body":"x"}`, ok},
		{"200 list", rest, 200, hdr(), `[]`, ok},
		{"200 error body", rest, 200, hdr(), `{"message":"Something went wrong","documentation_url":"https://docs.github.com"}`, Transient},
		{"201 empty", rest, 201, hdr(), ``, Transient},
		{"200 not JSON", rest, 200, hdr(), `<html>`, Transient},
		{"200 a resource with a message field", rest, 200, hdr(), `{"message":"commit message","sha":"abc"}`, ok},
		{"204", rest, 204, hdr(), ``, ok},
		{"200 diff", diff, 200, hdr(), `diff --git a/x b/x`, ok},
		{"gql 200 data", gql, 200, hdr(), `{"data":{"createDiscussion":{"discussion":{"id":"D_1"}}}}`, ok},
		{"gql 200 RATE_LIMIT", gql, 200, hdr(), `{"errors":[{"type":"RATE_LIMIT","message":"x"}]}`, RateLimited},
		{"gql 200 RATE_LIMITED", gql, 200, hdr(), `{"errors":[{"type":"RATE_LIMITED","message":"x"}]}`, RateLimited},
		{"gql 200 validation", gql, 200, hdr(), `{"errors":[{"message":"Field 'x' doesn't exist","extensions":{"code":"undefinedField"}}]}`, Permanent},
		{"gql 200 NOT_FOUND", gql, 200, hdr(), `{"data":{"createDiscussion":null},"errors":[{"type":"NOT_FOUND","message":"x"}]}`, Permanent},
		{"gql 200 something went wrong", gql, 200, hdr(), `{"data":null,"errors":[{"message":"Something went wrong"}]}`, Transient},
		{"gql 200 data with errors", gql, 200, hdr(), `{"data":{"createDiscussion":{"discussion":{"id":"D_1"}}},"errors":[{"message":"partial"}]}`, Transient},
		{"gql 200 no data", gql, 200, hdr(), `{"data":null}`, Transient},
		{"gql 200 not JSON", gql, 200, hdr(), `oops`, Transient},
		{"gql 401", gql, 401, hdr(), `{"message":"Bad credentials"}`, Permanent},
		{"gql 502", gql, 502, hdr(), `{"message":"x"}`, Transient},
	} {
		got := ok
		if ae := judge(tc.d, tc.status, tc.h, []byte(tc.body), time.Unix(1_800_000_000, 0)); ae != nil {
			got = ae.Kind
		}
		if got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
