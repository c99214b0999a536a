package reviewlane

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
)

// The keyword checks of jsonSchema, one function per family of keywords.

func (s *jsonSchema) scalar(sc map[string]any, v any, at string) []string {
	var errs []string
	if t, ok := sc["type"]; ok && !typeMatches(t, v) {
		errs = append(errs, fmt.Sprintf("%s: want type %v, got %s", at, t, typeName(v)))
	}
	if c, ok := sc["const"]; ok && !jsonEqual(c, v) {
		errs = append(errs, fmt.Sprintf("%s: must be %v", at, c))
	}
	if e, ok := sc["enum"].([]any); ok && !inEnum(e, v) {
		errs = append(errs, fmt.Sprintf("%s: %v is not one of %v", at, v, e))
	}
	str, isStr := v.(string)
	if p, ok := sc["pattern"].(string); ok && isStr && !s.regexp(p).MatchString(str) {
		errs = append(errs, fmt.Sprintf("%s: %q does not match %s", at, str, p))
	}
	if n, ok := sc["minLength"].(json.Number); ok && isStr {
		if min, _ := n.Int64(); int64(len([]rune(str))) < min {
			errs = append(errs, fmt.Sprintf("%s: shorter than %d", at, min))
		}
	}
	if n, ok := sc["minimum"].(json.Number); ok {
		if x, isNum := v.(json.Number); isNum {
			a, _ := x.Float64()
			b, _ := n.Float64()
			if a < b {
				errs = append(errs, fmt.Sprintf("%s: %v is less than %v", at, x, n))
			}
		}
	}
	return errs
}

func (s *jsonSchema) regexp(p string) *regexp.Regexp {
	s.mu.Lock()
	defer s.mu.Unlock()
	re := s.re[p]
	if re == nil {
		var err error
		if re, err = regexp.Compile(p); err != nil {
			re = regexp.MustCompile(`\A\z.`) // a broken pattern matches nothing: fail closed
		}
		s.re[p] = re
	}
	return re
}

func (s *jsonSchema) object(sc map[string]any, v any, at string) []string {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	var errs []string
	req, _ := sc["required"].([]any)
	for _, r := range req {
		if _, has := obj[r.(string)]; !has {
			errs = append(errs, fmt.Sprintf("%s: missing required %q", at, r))
		}
	}
	props, _ := sc["properties"].(map[string]any)
	extra, hasExtra := sc["additionalProperties"]
	for k, x := range obj {
		if p, ok := props[k]; ok {
			errs = append(errs, s.check(p, x, at+"."+k)...)
		} else if hasExtra {
			errs = append(errs, s.check(extra, x, at+"."+k)...)
		}
	}
	return errs
}

func (s *jsonSchema) array(sc map[string]any, v any, at string) []string {
	list, ok := v.([]any)
	items, has := sc["items"]
	if !ok || !has {
		return nil
	}
	var errs []string
	for i, x := range list {
		errs = append(errs, s.check(items, x, fmt.Sprintf("%s[%d]", at, i))...)
	}
	return errs
}

func (s *jsonSchema) combine(sc map[string]any, v any, at string) []string {
	var errs []string
	all, _ := sc["allOf"].([]any)
	for _, sub := range all {
		errs = append(errs, s.check(sub, v, at)...)
	}
	if anyOf, ok := sc["anyOf"].([]any); ok && !s.anyValid(anyOf, v, at) {
		errs = append(errs, at+": matches none of the allowed alternatives")
	}
	if not, ok := sc["not"]; ok && len(s.check(not, v, at)) == 0 {
		errs = append(errs, at+": has a property or value that is not allowed here")
	}
	if cond, ok := sc["if"]; ok {
		branch := "else"
		if len(s.check(cond, v, at)) == 0 {
			branch = "then"
		}
		if b, ok := sc[branch]; ok {
			errs = append(errs, s.check(b, v, at)...)
		}
	}
	return errs
}

func (s *jsonSchema) anyValid(subs []any, v any, at string) bool {
	for _, sub := range subs {
		if len(s.check(sub, v, at)) == 0 {
			return true
		}
	}
	return false
}

func typeMatches(t, v any) bool {
	if list, ok := t.([]any); ok {
		for _, x := range list {
			if typeMatches(x, v) {
				return true
			}
		}
		return false
	}
	want, _ := t.(string)
	got := typeName(v)
	return want == got || (want == "number" && got == "integer")
}

func typeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if f, err := x.Float64(); err == nil && f == math.Trunc(f) {
			return "integer"
		}
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

func inEnum(list []any, v any) bool {
	for _, x := range list {
		if jsonEqual(x, v) {
			return true
		}
	}
	return false
}

func jsonEqual(a, b any) bool {
	an, aok := a.(json.Number)
	bn, bok := b.(json.Number)
	if aok && bok {
		x, _ := an.Float64()
		y, _ := bn.Float64()
		return x == y
	}
	if aok || bok {
		return false
	}
	ab, _ := json.Marshal(a)
	bb, _ := json.Marshal(b)
	return bytes.Equal(ab, bb)
}
