package discussions

import (
	"errors"

	"github.com/war-room/war-room/internal/github"
)

// Kind says what a failed GitHub request means for a retry (github.Kind).
type Kind = github.Kind

// Failure kinds.
const (
	// permanent failures (bad credentials, a missing repository, a refused document) are not
	// retried: the same request would fail the same way.
	permanent = github.Permanent
	// transient failures (5xx, a timeout, a dropped connection, GitHub's "something went
	// wrong") may or may not have applied a mutation; the next attempt lists what exists.
	transient = github.Transient
)

// APIError is a failed GitHub request, classified (github.APIError); Op is the GraphQL
// field, e.g. "createDiscussion".
type APIError = github.APIError

// retryable reports whether a whole publish attempt should run again after err: the
// transport has already retried what it may repeat (reads, rate limits), so what is left is
// a write of unknown outcome, which the next attempt looks for before writing anything.
func retryable(err error) bool {
	ae, ok := github.AsAPIError(err)
	return ok && ae.Kind != permanent && !ae.Exhausted
}

// errNotOurDecision is wrapped by the error of a reaffirmation or a supersession aimed at a
// discussion war-room did not record (someone else's, or not a decision body): war-room
// writes nothing to it.
var errNotOurDecision = errors.New("not a decision war-room recorded")
