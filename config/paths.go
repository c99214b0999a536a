package config

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// Match reports whether a changed file (a slash-separated path relative to the repository
// root) is in scope: it matches an include pattern, or there are none, and matches no exclude
// pattern. Patterns are path.Match globs per segment, plus "**" for any number of segments.
func (f PathFilter) Match(file string) bool {
	in := len(f.Include) == 0
	for _, p := range f.Include {
		in = in || globMatch(p, file)
	}
	if !in {
		return false
	}
	for _, p := range f.Exclude {
		if globMatch(p, file) {
			return false
		}
	}
	return true
}

// checkGlob rejects a pattern Match could never apply.
func checkGlob(p string) error {
	if p == "" {
		return errors.New("empty pattern")
	}
	if strings.HasPrefix(p, "/") {
		return fmt.Errorf("pattern %q: patterns are relative to the repository root; drop the leading /", p)
	}
	for _, seg := range strings.Split(p, "/") {
		if _, err := path.Match(seg, ""); err != nil {
			return fmt.Errorf("pattern %q: malformed glob segment %q", p, seg)
		}
	}
	return nil
}

func globMatch(pattern, file string) bool {
	return matchSegments(strings.Split(pattern, "/"), strings.Split(file, "/"))
}

// matchSegments matches segment by segment; dynamic programming keeps patterns with many
// "**" linear in their length times the path's, since patterns come from untrusted files.
func matchSegments(pat, name []string) bool {
	next := make([]bool, len(name)+1) // next[j]: pat[i+1:] matches name[j:]
	next[len(name)] = true
	for i := len(pat) - 1; i >= 0; i-- {
		cur := make([]bool, len(name)+1)
		for j := len(name); j >= 0; j-- {
			switch {
			case pat[i] == "**":
				cur[j] = next[j] || (j < len(name) && cur[j+1])
			case j < len(name):
				ok, err := path.Match(pat[i], name[j])
				cur[j] = err == nil && ok && next[j+1]
			}
		}
		next = cur
	}
	return next[0]
}
