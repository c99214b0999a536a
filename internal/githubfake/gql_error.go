package githubfake

// gqlError is one entry of a GraphQL "errors" array in GitHub's shape. Static-validation
// errors carry path, extensions.code, locations and message (in that order, as GitHub sends
// them); execution errors carry type, path, locations and message.
type gqlError struct {
	Type       string         `json:"type,omitempty"`
	Path       []any          `json:"path,omitempty"`
	Extensions map[string]any `json:"extensions,omitempty"`
	Locations  []gqlLoc       `json:"locations,omitempty"`
	Message    string         `json:"message"`
}

type gqlLoc struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// fieldError is what a resolver returns to fail one field: it becomes an execution error
// with GitHub's type (NOT_FOUND, FORBIDDEN, UNPROCESSABLE, …) and nulls the field.
type fieldError struct {
	typ, msg string
}

func (e *fieldError) Error() string { return e.msg }

func errNotFound(msg string) error      { return &fieldError{typ: "NOT_FOUND", msg: msg} }
func errForbidden(msg string) error     { return &fieldError{typ: "FORBIDDEN", msg: msg} }
func errUnprocessable(msg string) error { return &fieldError{typ: "UNPROCESSABLE", msg: msg} }

// errNoNode is GitHub's answer for a global ID it cannot resolve (or may not show).
func errNoNode(id string) error {
	return errNotFound("Could not resolve to a node with the global id of '" + id + "'")
}
