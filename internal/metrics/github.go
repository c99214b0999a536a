package metrics

import (
	"net/http"
	"strings"
)

// gitHubObserver is the hook a GitHub client reports to. *Metrics implements it; a client
// package declares the same two methods where it uses them (its own small interface), so it
// need not import this one.
type gitHubObserver interface {
	// GitHubRequest counts one request to GitHub that was answered or failed in transit.
	// kind is "rest" or "graphql" (or a client's own short, fixed operation name); outcome
	// is one of the Outcome constants.
	GitHubRequest(kind, outcome string)
	// GitHubRetry counts one request about to be sent again: kind as for GitHubRequest,
	// reason one of the Reason constants.
	GitHubRetry(kind, reason string)
}

var _ gitHubObserver = (*Metrics)(nil)

// Outcomes of a GitHub request.
const (
	outcomeOK          = "ok"           // 1xx–3xx
	outcomeClientError = "client_error" // 4xx other than a rate limit
	outcomeRateLimited = "rate_limited" // 429, or 403 with the quota spent or a Retry-After
	outcomeServerError = "server_error" // 5xx
	outcomeTransport   = "transport"    // no answer: connection, TLS, timeout
)

// Reasons to retry a GitHub request.
const (
	reasonRateLimited = "rate_limited"    // primary quota spent
	ReasonSecondary   = "secondary_limit" // GitHub's secondary rate limit
	ReasonServerError = "server_error"
	reasonTransport   = "transport"
)

// GitHubRequest counts a GitHub request (GitHubObserver).
func (m *Metrics) GitHubRequest(kind, outcome string) {
	m.githubRequests.WithLabelValues(kind, outcome).Inc()
}

// GitHubRetry counts a retried GitHub request (GitHubObserver).
func (m *Metrics) GitHubRetry(kind, reason string) {
	m.githubRetries.WithLabelValues(kind, reason).Inc()
}

// GitHubTransport counts every request that passes through it on o, by kind (graphql for a
// path ending in /graphql, else rest) and outcome. Wrapped around the base transport of the
// App's clients, it sees every request to GitHub: REST and GraphQL, reads, writes and token
// minting. It never reads or changes a request or an answer.
func GitHubTransport(base http.RoundTripper, o gitHubObserver) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return countingTransport{base: base, o: o}
}

type countingTransport struct {
	base http.RoundTripper
	o    gitHubObserver
}

func (t countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	kind := "rest"
	if strings.HasSuffix(r.URL.Path, "/graphql") {
		kind = "graphql"
	}
	resp, err := t.base.RoundTrip(r)
	t.o.GitHubRequest(kind, requestOutcome(resp, err))
	return resp, err
}

// requestOutcome classifies a GitHub answer (or its absence) as one of the Outcome constants.
func requestOutcome(resp *http.Response, err error) string {
	switch {
	case err != nil || resp == nil:
		return outcomeTransport
	case resp.StatusCode == http.StatusTooManyRequests,
		resp.StatusCode == http.StatusForbidden && (resp.Header.Get("Retry-After") != "" || resp.Header.Get("X-Ratelimit-Remaining") == "0"):
		return outcomeRateLimited
	case resp.StatusCode >= 500:
		return outcomeServerError
	case resp.StatusCode >= 400:
		return outcomeClientError
	}
	return outcomeOK
}
