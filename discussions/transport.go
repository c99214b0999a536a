package discussions

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// exchange is what the transport saw of one GraphQL request's response. githubv4 reports a
// non-200 status as bare text and hides the errors array's types, so the publisher reads
// them here to classify a failure.
type exchange struct {
	status int
	header http.Header
	errors []gqlError
	// message is a non-GraphQL error body's "message" (a 401's "Bad credentials"), which
	// githubv4 would otherwise report only as a quoted JSON body.
	message string
	replied bool
}

type gqlError struct {
	Type       string         `json:"type"`
	Message    string         `json:"message"`
	Extensions map[string]any `json:"extensions"`
}

type exchangeKey struct{}

// withExchange returns a context whose requests record their response in x.
func withExchange(ctx context.Context, x *exchange) context.Context {
	return context.WithValue(ctx, exchangeKey{}, x)
}

// recorder is an http.RoundTripper that notes status, headers and GraphQL errors of each
// response into the request's exchange. It never changes what the client receives.
type recorder struct{ base http.RoundTripper }

func (t recorder) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-GitHub-Api-Version", apiVersion)
	resp, err := t.base.RoundTrip(r)
	x, _ := r.Context().Value(exchangeKey{}).(*exchange)
	if err != nil || x == nil {
		return resp, err
	}
	x.replied, x.status, x.header = true, resp.StatusCode, resp.Header.Clone()
	hideLimits(resp.Header)
	body, rerr := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	if rerr != nil {
		return resp, nil // the client reports the short body itself
	}
	var out struct {
		Errors  []gqlError `json:"errors"`
		Message string     `json:"message"`
	}
	if json.Unmarshal(body, &out) == nil {
		x.errors, x.message = out.Errors, out.Message
	}
	return resp, nil
}

// hideLimits removes the rate-limit headers once recorded. The publisher's retry loop owns
// all waiting, on its injected clock; go-github would otherwise remember a limit and refuse
// later requests by the wall clock, behind the loop's back.
func hideLimits(h http.Header) {
	h.Del("Retry-After")
	for k := range h {
		if strings.HasPrefix(strings.ToLower(k), "x-ratelimit-") {
			h.Del(k)
		}
	}
}

// apiVersion is the REST API version sent; GitHub's GraphQL endpoint ignores it.
const apiVersion = "2022-11-28"

// limits reads Retry-After (seconds) and, when the quota is spent, x-ratelimit-reset.
func (x *exchange) limits() (after time.Duration, reset time.Time) {
	if s, err := strconv.Atoi(x.header.Get("Retry-After")); err == nil && s >= 0 {
		after = time.Duration(s) * time.Second
	}
	if x.header.Get("X-Ratelimit-Remaining") == "0" {
		if s, err := strconv.ParseInt(x.header.Get("X-Ratelimit-Reset"), 10, 64); err == nil {
			reset = time.Unix(s, 0)
		}
	}
	return after, reset
}
