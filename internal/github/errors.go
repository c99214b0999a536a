package github

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	gogithub "github.com/google/go-github/v62/github"
)

// Kind says what a failed GitHub request means for a retry.
type Kind int

// Failure kinds.
const (
	// Permanent failures (bad credentials, a missing repository, a refused document) are not
	// retried: the same request would fail the same way.
	Permanent Kind = iota
	// Transient failures (5xx, a timeout, a dropped connection, GitHub's "something went
	// wrong", a 2xx without the resource) may or may not have applied a write.
	Transient
	// RateLimited failures were not applied; they wait for the time GitHub names, else at
	// least a minute.
	RateLimited
)

func (k Kind) String() string {
	if k < Permanent || k > RateLimited {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return [...]string{"permanent", "transient", "rate-limited"}[k]
}

// APIError is a failed GitHub request, classified.
type APIError struct {
	// Op names the request: a GraphQL root field ("createDiscussion") or "METHOD /path".
	Op     string
	Kind   Kind
	Status int // HTTP status, 0 when no answer arrived
	// RetryAfter is the Retry-After header; Reset is x-ratelimit-reset when the remaining
	// quota was 0. Both are zero when GitHub named no time.
	RetryAfter time.Duration
	Reset      time.Time
	// Messages are the GraphQL errors array, or the REST body's message.
	Messages []string
	// NotFound says GitHub answered that what was looked up does not exist (a REST 404, a
	// GraphQL NOT_FOUND error).
	NotFound bool
	// Write says the request was a write; with Kind Transient its effect is unknown.
	Write bool
	// Attempts is how many times the request was sent; Exhausted says the transport gave up
	// because Options.MaxAttempts were spent (rather than leaving an unknown write to the
	// caller).
	Attempts  int
	Exhausted bool
	Err       error
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s failure", e.Op, e.Kind)
	if e.Status != 0 {
		fmt.Fprintf(&b, " (HTTP %d)", e.Status)
	}
	if len(e.Messages) > 0 {
		fmt.Fprintf(&b, ": %s", strings.Join(e.Messages, "; "))
	} else if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	return b.String()
}

func (e *APIError) Unwrap() error { return e.Err }

// Unknown says whether the failed request was a write that may have happened: the caller
// must look before writing it again.
func (e *APIError) Unknown() bool { return e.Write && e.Kind == Transient }

// AsAPIError finds the classified failure in err. A go-github *ErrorResponse (a REST 4xx the
// transport passed through so that callers can read its status) counts as a permanent one.
func AsAPIError(err error) (*APIError, bool) {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae, true
	}
	var er *gogithub.ErrorResponse
	if errors.As(err, &er) && er.Response != nil {
		op := ""
		if er.Response.Request != nil {
			op = er.Response.Request.Method + " " + er.Response.Request.URL.Path
		}
		var msgs []string
		if er.Message != "" {
			msgs = []string{er.Message}
		}
		return &APIError{Op: op, Kind: Permanent, Status: er.Response.StatusCode, Messages: msgs,
			NotFound: er.Response.StatusCode == http.StatusNotFound, Err: er}, true
	}
	return nil, false
}

// HasStatus reports whether err is GitHub answering status.
func HasStatus(err error, status int) bool {
	ae, ok := AsAPIError(err)
	return ok && ae.Status == status
}

// IsNotFound reports GitHub's 404.
func IsNotFound(err error) bool { return HasStatus(err, http.StatusNotFound) }
