package reviewlane

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// jsonSchema checks documents against one of this package's JSON Schemas. It implements the
// keywords those schemas use (type, const, enum, pattern, minLength, minimum, properties,
// required, additionalProperties, items, allOf, anyOf, not, if/then/else, local $ref), and
// refuses to load a schema that uses any other keyword, so a schema edit cannot be silently
// ignored by the checker.
type jsonSchema struct {
	root map[string]any
	mu   sync.Mutex
	re   map[string]*regexp.Regexp
}

var knownKeywords = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "$ref": true, "title": true, "description": true,
	"type": true, "const": true, "enum": true, "pattern": true, "minLength": true, "minimum": true,
	"properties": true, "required": true, "additionalProperties": true, "items": true,
	"allOf": true, "anyOf": true, "not": true, "if": true, "then": true, "else": true,
}

func compileSchema(data []byte) (*jsonSchema, error) {
	v, err := decodeJSON(data)
	if err != nil {
		return nil, fmt.Errorf("parse schema: %w", err)
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("schema is not an object")
	}
	if err := checkKeywords(root, "#"); err != nil {
		return nil, err
	}
	return &jsonSchema{root: root, re: map[string]*regexp.Regexp{}}, nil
}

func decodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data after the JSON value")
	}
	return v, nil
}

// checkKeywords walks every subschema and rejects keywords the checker does not implement.
func checkKeywords(s any, at string) error {
	m, ok := s.(map[string]any)
	if !ok {
		return nil // boolean schema
	}
	for k, v := range m {
		if !knownKeywords[k] {
			return fmt.Errorf("schema %s: keyword %q is not supported by the checker", at, k)
		}
		var subs map[string]any
		switch k {
		case "properties", "$defs":
			subs, _ = v.(map[string]any)
		case "items", "additionalProperties", "not", "if", "then", "else":
			subs = map[string]any{"": v}
		case "allOf", "anyOf":
			list, _ := v.([]any)
			subs = map[string]any{}
			for i, x := range list {
				subs[fmt.Sprint(i)] = x
			}
		}
		for name, sub := range subs {
			if err := checkKeywords(sub, at+"/"+k+"/"+name); err != nil {
				return err
			}
		}
	}
	return nil
}

// Validate returns every violation found in doc, sorted; nil means doc is valid.
func (s *jsonSchema) Validate(doc []byte) []string {
	v, err := decodeJSON(doc)
	if err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	errs := s.check(s.root, v, "$")
	sort.Strings(errs)
	return errs
}

func (s *jsonSchema) check(schema, v any, at string) []string {
	switch sc := schema.(type) {
	case bool:
		if !sc {
			return []string{at + ": not allowed"}
		}
		return nil
	case map[string]any:
		if ref, ok := sc["$ref"].(string); ok {
			return s.check(s.resolve(ref), v, at)
		}
		var errs []string
		errs = append(errs, s.scalar(sc, v, at)...)
		errs = append(errs, s.object(sc, v, at)...)
		errs = append(errs, s.array(sc, v, at)...)
		errs = append(errs, s.combine(sc, v, at)...)
		return errs
	}
	return []string{at + ": malformed schema"}
}

func (s *jsonSchema) resolve(ref string) any {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	defs, _ := s.root["$defs"].(map[string]any)
	if !ok || defs[name] == nil {
		return false // an unresolvable reference fails closed
	}
	return defs[name]
}
