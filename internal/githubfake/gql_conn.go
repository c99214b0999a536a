package githubfake

import (
	"fmt"
	"strings"
)

// conn is a Relay connection over a window of items, with GitHub's pagination rules.
type conn struct {
	typ      string // e.g. "DiscussionConnection"
	all      []object
	from, to int
	extra    map[string]any // e.g. discussionCount on SearchResultItemConnection
}

func (c *conn) typeName() string { return c.typ }

func (c *conn) resolve(x *execCtx, field string, _ map[string]any) (any, error) {
	switch field {
	case "nodes":
		out := make([]any, 0, c.to-c.from)
		for _, o := range c.all[c.from:c.to] {
			out = append(out, o)
		}
		return out, nil
	case "edges":
		out := make([]any, 0, c.to-c.from)
		for i := c.from; i < c.to; i++ {
			out = append(out, &mapObj{typ: strings.TrimSuffix(c.typ, "Connection") + "Edge",
				fields: map[string]any{"node": c.all[i], "cursor": cursor(i)}})
		}
		return out, nil
	case "pageInfo":
		pi := map[string]any{"hasNextPage": c.to < len(c.all), "hasPreviousPage": c.from > 0,
			"startCursor": nil, "endCursor": nil}
		if c.to > c.from {
			pi["startCursor"], pi["endCursor"] = cursor(c.from), cursor(c.to-1)
		}
		return &mapObj{typ: "PageInfo", fields: pi}, nil
	case "totalCount":
		return len(c.all), nil
	}
	if v, ok := c.extra[field]; ok {
		return v, nil
	}
	return nil, errUnimplemented
}

// paginate windows items by first/last/after/before as GitHub does: one of first or last
// is required, at most 100, and cursors must be ones the server issued.
func paginate(typ, field string, items []object, args map[string]any) (*conn, error) {
	first, hasFirst := intArg(args, "first")
	last, hasLast := intArg(args, "last")
	if !hasFirst && !hasLast {
		return nil, &fieldError{typ: "MISSING_PAGINATION_BOUNDARIES",
			msg: "You must provide a `first` or `last` value to properly paginate the `" + field + "` connection."}
	}
	for _, lim := range []struct {
		name string
		n    int
		set  bool
	}{{"first", first, hasFirst}, {"last", last, hasLast}} {
		if lim.set && lim.n > 100 {
			return nil, &fieldError{typ: "EXCESSIVE_PAGINATION", msg: fmt.Sprintf(
				"Requesting %d records on the `%s` connection exceeds the `%s` limit of 100 records.", lim.n, field, lim.name)}
		}
		if lim.set && lim.n < 0 {
			return nil, &fieldError{typ: "INVALID_CURSOR_ARGUMENTS", msg: "`" + lim.name + "` must be a non-negative integer."}
		}
	}
	from, to := 0, len(items)
	if s, ok := args["after"].(string); ok {
		i, err := parseCursor(s)
		if err != nil {
			return nil, &fieldError{typ: "INVALID_CURSOR_ARGUMENTS", msg: err.Error()}
		}
		from = min(i+1, len(items))
	}
	if s, ok := args["before"].(string); ok {
		i, err := parseCursor(s)
		if err != nil {
			return nil, &fieldError{typ: "INVALID_CURSOR_ARGUMENTS", msg: err.Error()}
		}
		to = max(min(i, len(items)), from)
	}
	if hasFirst {
		to = min(to, from+first)
	}
	if hasLast {
		from = max(from, to-last)
	}
	return &conn{typ: typ, all: items, from: from, to: to}, nil
}

func intArg(args map[string]any, name string) (int, bool) {
	switch v := args[name].(type) {
	case int64:
		return int(v), true
	case int:
		return v, true
	case float64:
		return int(v), true
	}
	return 0, false
}

func strArg(args map[string]any, name string) (string, bool) {
	s, ok := args[name].(string)
	return s, ok
}

// mapObj is a plain object: payloads, PageInfo, edges, RateLimit, Ref.
type mapObj struct {
	typ    string
	fields map[string]any
}

func (m *mapObj) typeName() string { return m.typ }

func (m *mapObj) resolve(_ *execCtx, field string, _ map[string]any) (any, error) {
	if v, ok := m.fields[field]; ok {
		return v, nil
	}
	return nil, errUnimplemented
}
