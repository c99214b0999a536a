package githubfake

import (
	"strings"
	"time"
)

// Call is one request the fake answered, in arrival order.
type Call struct {
	Time      time.Time // fake clock at arrival, not truncated (timestamps GitHub shows are)
	RequestID string    // X-GitHub-Request-Id sent back
	Method    string
	Path      string // without any /api/v3 prefix, e.g. "/repos/o/r/issues/1/comments"
	RawQuery  string
	Route     string // REST: the matched pattern, e.g. "POST /repos/{owner}/{repo}/issues/{number}/comments"
	Login     string // acting login ("" when the token was unknown)

	GraphQL       bool
	Operation     string         // GraphQL operation name ("" if anonymous)
	OperationType string         // "query" or "mutation"
	Fields        []string       // GraphQL root field names, e.g. ["createDiscussion"]
	Variables     map[string]any // as sent; numbers are json.Number

	Mutation bool     // a write: GraphQL mutation, or REST POST/PATCH/PUT/DELETE
	Status   int      // HTTP status sent; 0 for a request held until the client gave up (Hang)
	Errors   []string // GraphQL error messages sent, if any
	Fault    string   // the injected fault or spacing rejection that answered, if any

	keys []string // GraphQL root response keys (aliases), for fault answers
	hung bool     // held by a Hang fault: never answered
}

// Is reports whether c is the GraphQL field or REST route described by match (same syntax
// as Fault.Match).
func (c Call) Is(match string) bool { return matches(match, c) }

// Calls returns a copy of the call log.
func (f *Fake) Calls() []Call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]Call(nil), f.calls...)
}

// CallsTo returns the logged calls that match (see Fault.Match).
func (f *Fake) CallsTo(match string) []Call {
	var out []Call
	for _, c := range f.Calls() {
		if c.Is(match) {
			out = append(out, c)
		}
	}
	return out
}

// matches reports whether a call is the one a pattern names: "METHOD /path/with/{params}"
// (a {name} or * segment matches any one segment, {name...} the rest) for REST, or a
// GraphQL root field name such as "createDiscussion" or "repository".
func matches(pattern string, c Call) bool {
	method, path, isREST := strings.Cut(pattern, " ")
	if !isREST {
		if !c.GraphQL {
			return false
		}
		for _, fld := range c.Fields {
			if fld == pattern {
				return true
			}
		}
		return false
	}
	if c.GraphQL || !strings.EqualFold(method, c.Method) {
		return false
	}
	_, ok := bind(strings.Split(strings.Trim(path, "/"), "/"), strings.Split(strings.Trim(c.Path, "/"), "/"))
	return ok
}
