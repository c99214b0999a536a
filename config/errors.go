package config

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// position is a place in the file, 1-based; zero means unknown.
type position struct{ line, col int }

// Error is one problem with the configuration, located in its file.
type Error struct {
	File string
	// Line and Col are 1-based; Col is zero when only the line is known (YAML syntax errors)
	// and both are zero when the problem has no place in a file (environment detection).
	Line, Col int
	// Path is the dotted key path, e.g. providers.claude.family; empty for file-level errors.
	Path string
	Msg  string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	if e.Path != "" {
		b.WriteString(e.Path + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Errors is every problem found in one file, in file order, one per line when printed.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// err returns es as an error, nil when empty, sorted by place in the file.
func (es Errors) err() error {
	if len(es) == 0 {
		return nil
	}
	slices.SortStableFunc(es, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
	})
	return es
}

// collector accumulates errors for one file.
type collector struct {
	file string
	errs Errors
}

func (c *collector) add(p position, path, format string, args ...any) {
	c.errs = append(c.errs, &Error{File: c.file, Line: p.line, Col: p.col, Path: path,
		Msg: fmt.Sprintf(format, args...)})
}

// suggest returns ` (did you mean "x"?)` for the candidate closest to s, or "" when none is
// close enough to be a likely typo.
func suggest(s string, candidates []string) string {
	hint, _ := suggestion(s, candidates)
	return hint
}

// suggestion is suggest that also returns the candidate, "" when none.
func suggestion(s string, candidates []string) (hint, best string) {
	bestD := len(s)/3 + 1
	if bestD > 3 {
		bestD = 3
	}
	for _, c := range candidates {
		if d := editDistance(s, c); d <= bestD && (best == "" || d < editDistance(s, best)) {
			best = c
		}
	}
	if best == "" || best == s {
		return "", ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best), best
}

// editDistance is the Levenshtein distance over bytes; keys are ASCII.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// quoteList renders allowed values as "a", "b" or "c".
func quoteList(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = fmt.Sprintf("%q", v)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// ErrorAt locates a problem found after parsing (a profile that cannot be built, say) at the
// key path's place in the file, or at the environment for a detected configuration.
func (cfg *Config) ErrorAt(path, format string, args ...any) *Error {
	c := &collector{file: cmpOr(cfg.Source, SourceEnvironment)}
	(&validator{cfg: cfg, c: c}).errf(path, format, args...)
	return c.errs[0]
}

func cmpOr(v, fallback string) string {
	if v == "" {
		return fallback
	}
	return v
}
