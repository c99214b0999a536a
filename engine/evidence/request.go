package evidence

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// Probes on the allowlist.
const (
	OpRead   = "read"
	OpSearch = "search"
	OpList   = "list"
	OpLog    = "log"
)

// Limits of a probe.
const (
	// maxPatternBytes bounds a search text.
	maxPatternBytes = 200
	// maxLines bounds a read line range.
	maxLines = 400
)

// Request is one parsed probe.
type Request struct {
	Op string `json:"op"`
	// Path is a file (read, log), a directory (list) or where to search ("" for the whole
	// tree), relative to the repository's root.
	Path string `json:"path,omitempty"`
	// From and To bound a read to lines From..To (1-based, inclusive); 0 reads the file.
	From int `json:"from,omitempty"`
	To   int `json:"to,omitempty"`
	// Pattern is the fixed text a search looks for.
	Pattern string `json:"pattern,omitempty"`
}

// Refuse is a *Refusal with a formatted reason, for a Prober that cannot answer a request.
func Refuse(format string, args ...any) error { return refuse(format, args...) }

// Clean checks that p names something inside the repository (no absolute path, nothing
// above the root, not git's own data) and returns it cleaned; anything else is a *Refusal.
func Clean(p string) (string, error) { return clean(p) }

// Refusal is a request that is not on the allowlist or not safe to run. It is recorded in
// place of an answer.
type Refusal struct{ Reason string }

func (r *Refusal) Error() string { return r.Reason }

func refuse(format string, args ...any) error { return &Refusal{Reason: fmt.Sprintf(format, args...)} }

var (
	lineRange = regexp.MustCompile(`^(.*):(\d+)-(\d+)$`)
	quoted    = regexp.MustCompile(`^"([^"]*)"(?:\s+in\s+(\S+))?$`)
)

// Parse reads one request line ("read billing/retry.go:10-40", `search "MaxRetries" in
// billing/`, "list billing", "log billing/retry.go"). Every request that is not one of
// these four, or that names a path outside the repository, is a *Refusal.
func Parse(line string) (Request, error) {
	line = strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "`"))
	verb, rest, _ := strings.Cut(line, " ")
	verb, rest = strings.ToLower(verb), strings.TrimSpace(rest)
	switch verb {
	case OpRead:
		return parseRead(rest)
	case OpSearch:
		return parseSearch(rest)
	case OpList, OpLog:
		if verb == OpList && (rest == "" || rest == "." || rest == "/") {
			return Request{Op: OpList}, nil
		}
		p, err := clean(rest)
		return Request{Op: verb, Path: p}, err
	}
	return Request{}, refuse("%q is not an allowed probe: a seat may only read, search, list or log (read-only, on the repository at the session's commit)", verb)
}

func parseRead(rest string) (Request, error) {
	r := Request{Op: OpRead}
	if m := lineRange.FindStringSubmatch(rest); m != nil {
		rest = m[1]
		r.From, _ = strconv.Atoi(m[2])
		r.To, _ = strconv.Atoi(m[3])
		if r.From < 1 || r.To < r.From || r.To-r.From >= maxLines {
			return r, refuse("lines %s-%s: give a range from line 1 up, at most %d lines", m[2], m[3], maxLines)
		}
	}
	p, err := clean(rest)
	r.Path = p
	return r, err
}

func parseSearch(rest string) (Request, error) {
	r := Request{Op: OpSearch}
	if m := quoted.FindStringSubmatch(rest); m != nil {
		r.Pattern = m[1]
		if m[2] != "" {
			p, err := clean(m[2])
			if err != nil {
				return r, err
			}
			r.Path = p
		}
	} else {
		r.Pattern = rest
	}
	switch {
	case strings.TrimSpace(r.Pattern) == "":
		return r, refuse("a search needs a text to look for")
	case len(r.Pattern) > maxPatternBytes:
		return r, refuse("the search text is %d bytes; the limit is %d", len(r.Pattern), maxPatternBytes)
	case strings.ContainsAny(r.Pattern, "\x00\n\r"):
		return r, refuse("the search text must be one line")
	}
	return r, nil
}

// clean checks that p names something inside the repository and returns it cleaned.
func clean(p string) (string, error) {
	switch {
	case p == "":
		return "", refuse("the probe names no path")
	case strings.ContainsAny(p, "\x00\n\r\\"):
		return "", refuse("%q is not a repository path", p)
	case strings.HasPrefix(p, "/") || len(p) > 1 && p[1] == ':':
		return "", refuse("%q is an absolute path: only paths inside the repository can be read", p)
	case strings.HasPrefix(p, "-"):
		return "", refuse("%q is not a path", p)
	}
	c := path.Clean(p)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", refuse("%q is outside the repository", p)
	}
	if c == ".git" || strings.HasPrefix(c, ".git/") {
		return "", refuse("%q is git's own data, not a file of the repository", p)
	}
	return c, nil
}

// String renders the request as a seat would write it.
func (r Request) String() string {
	switch {
	case r.Op == OpRead && r.From > 0:
		return fmt.Sprintf("read %s:%d-%d", r.Path, r.From, r.To)
	case r.Op == OpSearch && r.Path != "":
		return fmt.Sprintf("search %q in %s", r.Pattern, r.Path)
	case r.Op == OpSearch:
		return fmt.Sprintf("search %q", r.Pattern)
	case r.Op == OpList && r.Path == "":
		return "list ."
	}
	return r.Op + " " + r.Path
}
