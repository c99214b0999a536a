package githubfake_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// A minimal OpenAPI 3.0 schema checker over testdata/rest-subset.json (GitHub's own REST
// description): required properties, types, nullable, enums, $ref and allOf/anyOf/oneOf.
// It is enough to catch a response shape that drifts from GitHub's.

type spec struct {
	Paths      map[string]map[string]json.RawMessage
	Components struct{ Schemas map[string]map[string]any }
}

var (
	specOnce sync.Once
	specVal  spec
)

func loadSpec(t *testing.T) *spec {
	t.Helper()
	specOnce.Do(func() {
		specVal = readSpec("testdata/rest-subset.json")
		// GET /user and the check-run annotations list are not in the subset; fragments of
		// GitHub's description for them sit beside it.
		for _, frag := range []string{"testdata/rest-user.json", "testdata/rest-annotations.json"} {
			extra := readSpec(frag)
			for p, ops := range extra.Paths {
				specVal.Paths[p] = ops
			}
			for name, sch := range extra.Components.Schemas {
				specVal.Components.Schemas[name] = sch
			}
		}
	})
	return &specVal
}

func readSpec(path string) spec {
	var s spec
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &s)
	}
	if err != nil {
		panic(err)
	}
	return s
}

// responseSchema is the application/json schema of one operation's response.
func (s *spec) responseSchema(method, path string, status int) (map[string]any, bool) {
	raw, ok := s.Paths[path][strings.ToLower(method)]
	if !ok {
		return nil, false
	}
	var op struct {
		Responses map[string]struct {
			Content map[string]struct{ Schema map[string]any }
		}
	}
	if json.Unmarshal(raw, &op) != nil {
		return nil, false
	}
	sch, ok := op.Responses[strconv.Itoa(status)].Content["application/json"]
	return sch.Schema, ok
}

func (s *spec) check(sch map[string]any, v any, at string) []string {
	if ref, ok := sch["$ref"].(string); ok {
		return s.check(s.Components.Schemas[strings.TrimPrefix(ref, "#/components/schemas/")], v, at)
	}
	if v == nil {
		if sch["nullable"] == true || len(sch) == 0 {
			return nil
		}
		if _, hasAny := sch["anyOf"]; !hasAny && sch["oneOf"] == nil {
			return []string{at + ": null but not nullable"}
		}
	}
	var errs []string
	for _, sub := range list(sch["allOf"]) {
		errs = append(errs, s.check(sub, v, at)...)
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if subs := list(sch[key]); len(subs) > 0 && !slices.ContainsFunc(subs, func(sub map[string]any) bool { return len(s.check(sub, v, at)) == 0 }) {
			errs = append(errs, at+": matches none of "+key)
		}
	}
	return append(errs, s.checkType(sch, v, at)...)
}

func (s *spec) checkType(sch map[string]any, v any, at string) []string {
	if enum, ok := sch["enum"].([]any); ok && v != nil && !slices.Contains(enum, v) {
		return []string{fmt.Sprintf("%s: %v not in enum %v", at, v, enum)}
	}
	switch sch["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			return []string{at + ": not an object"}
		}
		var errs []string
		for _, r := range asSlice(sch["required"]) {
			if _, has := m[r.(string)]; !has {
				errs = append(errs, at+"."+r.(string)+": missing")
			}
		}
		props, _ := sch["properties"].(map[string]any)
		for k, pv := range m {
			if p, ok := props[k].(map[string]any); ok {
				errs = append(errs, s.check(p, pv, at+"."+k)...)
			}
		}
		return errs
	case "array":
		l, ok := v.([]any)
		if !ok {
			return []string{at + ": not an array"}
		}
		var errs []string
		for i, item := range l {
			errs = append(errs, s.check(sch["items"].(map[string]any), item, fmt.Sprintf("%s[%d]", at, i))...)
		}
		return errs
	case "string":
		if _, ok := v.(string); !ok && v != nil {
			return []string{fmt.Sprintf("%s: %v is not a string", at, v)}
		}
	case "integer":
		if n, ok := v.(float64); (!ok || n != math.Trunc(n)) && v != nil {
			return []string{fmt.Sprintf("%s: %v is not an integer", at, v)}
		}
	case "number":
		if _, ok := v.(float64); !ok && v != nil {
			return []string{at + ": not a number"}
		}
	case "boolean":
		if _, ok := v.(bool); !ok && v != nil {
			return []string{at + ": not a boolean"}
		}
	}
	return nil
}

func list(v any) []map[string]any {
	var out []map[string]any
	for _, x := range asSlice(v) {
		if m, ok := x.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

func asSlice(v any) []any { l, _ := v.([]any); return l }
