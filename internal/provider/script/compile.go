package script

import (
	"fmt"
	"regexp"
	"sync"
	"text/template"

	"github.com/war-room/war-room/engine/provider"
)

// compileResponse parses r's regexp and template and checks its error class.
func compileResponse(r Response) (compiled, error) {
	c := compiled{resp: r}
	if r.Index != nil && *r.Index < 0 {
		return c, fmt.Errorf("index %d is negative", *r.Index)
	}
	if r.Match != "" {
		re, err := regexp.Compile(r.Match)
		if err != nil {
			return c, fmt.Errorf("match: %w", err)
		}
		c.match = re
	}
	t, err := template.New("text").Funcs(template.FuncMap{"match": matchFunc}).
		Option("missingkey=error").Parse(r.Text)
	if err != nil {
		return c, fmt.Errorf("text template: %w", err)
	}
	c.text = t
	switch cl := provider.Class(r.Error); cl {
	case "", provider.ClassTransport, provider.ClassRefused, provider.ClassInvalidRequest,
		provider.ClassTruncated, provider.ClassQuota:
		c.class = cl
	default:
		return c, fmt.Errorf("unknown error class %q (want transport, refused, invalid-request, truncated or quota)", r.Error)
	}
	return c, nil
}

// regexps caches patterns used by the template func: the same few patterns are executed on
// every call of a benchmark, and compiling them each time would dominate its profile.
var regexps sync.Map // string -> *regexp.Regexp

// matchFunc returns the first capture group of the first match of pattern in s, the whole
// match when the pattern has no group, and "" when nothing matches.
func matchFunc(pattern, s string) (string, error) {
	v, ok := regexps.Load(pattern)
	if !ok {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return "", fmt.Errorf("match %q: %w", pattern, err)
		}
		v, _ = regexps.LoadOrStore(pattern, re)
	}
	m := v.(*regexp.Regexp).FindStringSubmatch(s)
	switch {
	case m == nil:
		return "", nil
	case len(m) > 1:
		return m[1], nil
	default:
		return m[0], nil
	}
}
