package githubfake

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator"
)

// problem is one entry of extensions.problems in GitHub's invalid-variable error.
type problem struct {
	Path        []any  `json:"path"`
	Explanation string `json:"explanation"`
}

// coerceVariables checks the request's variables against the operation's declarations as
// GitHub (graphql-ruby) does — stricter than gqlparser, e.g. "5" is not an Int — then runs
// gqlparser's validator.VariableValues over the result as a second check. Numbers come back
// as int64 (Int) or float64 (Float).
func coerceVariables(schema *ast.Schema, op *ast.OperationDefinition, raw map[string]any) (map[string]any, []gqlError) {
	out := map[string]any{}
	var errs []gqlError
	for _, vd := range op.VariableDefinitions {
		val, has := raw[vd.Variable]
		if !has && vd.DefaultValue != nil {
			continue // gqlparser's ArgumentMap applies the default
		}
		var probs []problem
		if !has {
			if vd.Type.NonNull {
				probs = []problem{{Path: []any{}, Explanation: "Expected value to not be null"}}
			}
		} else {
			val, probs = coerceValue(schema, vd.Type, val, []any{})
		}
		if len(probs) > 0 {
			errs = append(errs, variableError(vd, raw[vd.Variable], probs))
			continue
		}
		if has {
			out[vd.Variable] = val
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	coerced, err := validator.VariableValues(schema, op, out)
	if err != nil {
		return nil, []gqlError{{Message: "Variable validation failed: " + err.Error()}}
	}
	return coerced, nil
}

func variableError(vd *ast.VariableDefinition, val any, probs []problem) gqlError {
	msg := "Variable $" + vd.Variable + " of type " + vd.Type.String() + " was provided invalid value"
	var fields []string
	for _, p := range probs {
		if len(p.Path) > 0 {
			fields = append(fields, joinPath(p.Path))
		}
	}
	if len(fields) > 0 {
		msg += " for " + strings.Join(fields, ", ")
	}
	return gqlError{
		Extensions: map[string]any{"value": val, "problems": probs},
		Locations:  []gqlLoc{{Line: vd.Position.Line, Column: vd.Position.Column}},
		Message:    msg,
	}
}

func joinPath(p []any) string {
	parts := make([]string, len(p))
	for i, x := range p {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ".")
}

func coerceValue(schema *ast.Schema, typ *ast.Type, val any, path []any) (any, []problem) {
	if val == nil {
		if typ.NonNull {
			return nil, []problem{{Path: path, Explanation: "Expected value to not be null"}}
		}
		return nil, nil
	}
	if typ.Elem != nil {
		list, ok := val.([]any)
		if !ok {
			list = []any{val}
		}
		out := make([]any, len(list))
		var probs []problem
		for i, v := range list {
			var p []problem
			out[i], p = coerceValue(schema, typ.Elem, v, extend(path, i))
			probs = append(probs, p...)
		}
		return out, probs
	}
	def := schema.Types[typ.NamedType]
	switch def.Kind {
	case ast.InputObject:
		return coerceInput(schema, def, val, path)
	case ast.Enum:
		s, ok := val.(string)
		if ok && def.EnumValues.ForName(s) != nil {
			return s, nil
		}
		var names []string
		for _, ev := range def.EnumValues {
			names = append(names, ev.Name)
		}
		return nil, []problem{{Path: path, Explanation: fmt.Sprintf("Expected %s to be one of: %s", show(val), strings.Join(names, ", "))}}
	}
	return coerceScalar(typ.NamedType, val, path)
}

func coerceInput(schema *ast.Schema, def *ast.Definition, val any, path []any) (any, []problem) {
	m, ok := val.(map[string]any)
	if !ok {
		return nil, []problem{{Path: path, Explanation: fmt.Sprintf("Expected %s to be a key-value object.", show(val))}}
	}
	out := map[string]any{}
	var probs []problem
	for k := range m {
		if def.Fields.ForName(k) == nil {
			probs = append(probs, problem{Path: extend(path, k), Explanation: "Field is not defined on " + def.Name})
		}
	}
	for _, fd := range def.Fields {
		v, has := m[fd.Name]
		if !has {
			if fd.Type.NonNull && fd.DefaultValue == nil {
				probs = append(probs, problem{Path: extend(path, fd.Name), Explanation: "Expected value to not be null"})
			}
			continue
		}
		cv, p := coerceValue(schema, fd.Type, v, extend(path, fd.Name))
		probs = append(probs, p...)
		out[fd.Name] = cv
	}
	return out, probs
}

func coerceScalar(name string, val any, path []any) (any, []problem) {
	bad := []problem{{Path: path, Explanation: fmt.Sprintf("Could not coerce value %s to %s", show(val), name)}}
	n, isNum := val.(json.Number)
	switch name {
	case "Int":
		if i, err := n.Int64(); isNum && err == nil && i >= math.MinInt32 && i <= math.MaxInt32 {
			return i, nil
		}
	case "Float":
		if fl, err := n.Float64(); isNum && err == nil {
			return fl, nil
		}
	case "Boolean":
		if b, ok := val.(bool); ok {
			return b, nil
		}
	case "ID":
		if i, err := n.Int64(); isNum && err == nil {
			return fmt.Sprint(i), nil
		}
		if s, ok := val.(string); ok {
			return s, nil
		}
	default: // String and GitHub's string-encoded custom scalars (DateTime, URI, GitObjectID, …)
		if s, ok := val.(string); ok {
			return s, nil
		}
	}
	return nil, bad
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
