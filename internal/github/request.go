package github

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// requestKind says what a retry of a request may cost.
type requestKind int

const (
	// read: a GET, HEAD or GraphQL query; repeating it changes nothing.
	read requestKind = iota
	// idempotent: a write whose repetition is harmless (PATCH, PUT, DELETE, or a POST marked
	// with Idempotent, such as a reaction: GitHub answers 200 for one that exists).
	idempotent
	// create: a write that would be made twice if repeated after an unknown outcome; the
	// caller finds it again before repeating it.
	create
)

type idempotentKey struct{}

// Idempotent marks the requests made with ctx as safe to repeat after an unknown outcome,
// e.g. adding a reaction or labels. Writes are otherwise assumed to create something.
func Idempotent(ctx context.Context) context.Context {
	return context.WithValue(ctx, idempotentKey{}, true)
}

// described is what the transport knows of a request before sending it.
type described struct {
	op      string
	kind    requestKind
	graphQL bool
	// expectJSON says a 2xx must carry a JSON resource (REST with a JSON Accept).
	expectJSON bool
	body       []byte
	hasBody    bool
}

func (d *described) write() bool { return d.kind != read }

// family is "graphql" or "rest".
func (d *described) family() string {
	if d.graphQL {
		return "graphql"
	}
	return "rest"
}

func (d *described) newBody() io.ReadCloser { return io.NopCloser(bytes.NewReader(d.body)) }

// describe reads the request's body (kept for retries) and classifies the request.
func describe(r *http.Request) (*described, error) {
	d := &described{op: r.Method + " " + r.URL.Path}
	if r.Body != nil && r.Body != http.NoBody {
		b, err := io.ReadAll(r.Body)
		r.Body.Close()
		if err != nil {
			return nil, err
		}
		d.body, d.hasBody = b, true
	}
	switch {
	case strings.HasSuffix(r.URL.Path, "/graphql"):
		d.graphQL = true
		d.op, d.kind = graphQLOperation(d.body)
	case r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions:
		d.kind = read
	case r.Method == http.MethodPost:
		d.kind = create
	default:
		d.kind = idempotent
	}
	if d.kind == create && r.Context().Value(idempotentKey{}) != nil {
		d.kind = idempotent
	}
	d.expectJSON = !d.graphQL && r.Method != http.MethodHead && jsonAccept(r.Header.Get("Accept"))
	return d, nil
}

// jsonAccept says an Accept header asks for a JSON resource (not a diff, a patch, a raw
// file or HTML, which are not JSON).
func jsonAccept(accept string) bool {
	a := strings.ToLower(accept)
	for _, other := range []string{"raw", "diff", "patch", "html", "text/"} {
		if strings.Contains(a, other) {
			return false
		}
	}
	return a == "" || strings.Contains(a, "json") || strings.Contains(a, "*/*")
}

// graphQLOperation names a GraphQL document by its first root field and says whether it is
// a mutation (a create: GraphQL has no idempotent verbs).
func graphQLOperation(body []byte) (string, requestKind) {
	var doc struct {
		Query string `json:"query"`
	}
	if json.Unmarshal(body, &doc) != nil {
		return "graphql", create // unreadable: assume the worst
	}
	q := strings.TrimSpace(doc.Query)
	kind := read
	if strings.HasPrefix(q, "mutation") {
		kind = create
	}
	return rootField(q), kind
}

// rootField is the first field inside a document's selection set, alias skipped.
func rootField(q string) string {
	i := strings.IndexByte(q, '{')
	if i < 0 {
		return "graphql"
	}
	rest := strings.TrimLeft(q[i+1:], " \t\r\n,")
	name := ident(rest)
	if after := strings.TrimLeft(rest[len(name):], " \t\r\n"); strings.HasPrefix(after, ":") {
		name = ident(strings.TrimLeft(after[1:], " \t\r\n"))
	}
	if name == "" {
		return "graphql"
	}
	return name
}

func ident(s string) string {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return s[:i]
		}
	}
	return s
}
