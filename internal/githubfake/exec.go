package githubfake

import (
	"errors"

	"github.com/vektah/gqlparser/v2/ast"
)

// object is a GraphQL object value: its concrete type name and a resolver for its fields.
// A resolver returns a scalar (string, bool, int, int64, float64, time.Time), an object, a
// []any list, or nil; errors are *fieldError, or errUnimplemented for a field the fake
// does not model.
type object interface {
	typeName() string
	resolve(x *execCtx, field string, args map[string]any) (any, error)
}

var errUnimplemented = errors.New("githubfake: field not implemented")

// execCtx is one operation's execution. It runs with Fake.mu held.
type execCtx struct {
	f      *Fake
	schema *ast.Schema
	doc    *ast.QueryDocument
	op     *ast.OperationDefinition
	vars   map[string]any
	actor  *user
	errors []gqlError
}

func (f *Fake) newExec(doc *ast.QueryDocument, op *ast.OperationDefinition, vars map[string]any, actor *user) *execCtx {
	schema, _ := Schema()
	return &execCtx{f: f, schema: schema, doc: doc, op: op, vars: vars, actor: actor}
}

// run executes the operation; a nil result means "data": null.
func (x *execCtx) run() *omap {
	var root object = queryRoot{}
	if x.op.Operation == ast.Mutation {
		root = mutationRoot{}
	}
	data, _ := x.selectionSet(root, []ast.SelectionSet{x.op.SelectionSet}, nil)
	return data
}

// selectionSet resolves the merged selection sets on obj. ok=false means a non-null field
// came back null, so obj itself must become null (GraphQL null propagation).
func (x *execCtx) selectionSet(obj object, sets []ast.SelectionSet, path []any) (*omap, bool) {
	out := newOmap()
	for _, g := range x.collect(obj.typeName(), sets) {
		f0 := g.fields[0]
		p := extend(path, g.key)
		if f0.Name == "__typename" {
			out.set(g.key, obj.typeName())
			continue
		}
		val, err := obj.resolve(x, f0.Name, f0.ArgumentMap(x.vars))
		if errors.Is(err, errUnimplemented) {
			val, err = x.unimplemented(obj.typeName(), f0)
		}
		if err != nil {
			x.fail(err, f0, p)
		}
		v, ok := x.complete(f0.Definition.Type, val, g.fields, p, err != nil)
		if !ok {
			return nil, false
		}
		out.set(g.key, v)
	}
	return out, true
}

// complete shapes a resolved value by its schema type: lists element-wise, objects by
// their sub-selections, scalars as JSON values.
func (x *execCtx) complete(typ *ast.Type, val any, fields []*ast.Field, path []any, failed bool) (any, bool) {
	if isNil(val) {
		if typ.NonNull {
			if !failed {
				x.errors = append(x.errors, gqlError{Path: path, Locations: fieldLoc(fields[0]),
					Message: "Cannot return null for non-nullable field " + fields[0].ObjectDefinition.Name + "." + fields[0].Name})
			}
			return nil, false
		}
		return nil, true
	}
	if typ.Elem != nil {
		list, _ := val.([]any)
		out := make([]any, len(list))
		for i, item := range list {
			v, ok := x.complete(typ.Elem, item, fields, extend(path, i), false)
			if !ok {
				return nil, !typ.NonNull
			}
			out[i] = v
		}
		return out, true
	}
	def := x.schema.Types[typ.NamedType]
	if def.Kind == ast.Scalar || def.Kind == ast.Enum {
		return scalarJSON(val), true
	}
	obj, isObj := val.(object)
	if !isObj {
		x.errors = append(x.errors, gqlError{Type: "INTERNAL", Path: path, Locations: fieldLoc(fields[0]),
			Message: "githubfake: resolver returned a non-object for " + typ.NamedType})
		return nil, !typ.NonNull
	}
	var sets []ast.SelectionSet
	for _, fl := range fields {
		sets = append(sets, fl.SelectionSet)
	}
	m, ok := x.selectionSet(obj, sets, path)
	if !ok {
		return nil, !typ.NonNull
	}
	return m, true
}

func (x *execCtx) fail(err error, f *ast.Field, path []any) {
	ge := gqlError{Type: "INTERNAL", Path: path, Locations: fieldLoc(f), Message: err.Error()}
	var fe *fieldError
	if errors.As(err, &fe) {
		ge.Type = fe.typ
	}
	x.errors = append(x.errors, ge)
}

// unimplemented answers a field the fake does not model: null if nullable, else the zero
// value of a scalar, an empty list, or an error for a non-null object. The field is noted
// and listed in the test log at cleanup.
func (x *execCtx) unimplemented(typeName string, f *ast.Field) (any, error) {
	x.f.unimplemented[typeName+"."+f.Name] = true
	t := f.Definition.Type
	if !t.NonNull {
		return nil, nil
	}
	if t.Elem != nil {
		return []any{}, nil
	}
	switch t.NamedType {
	case "Int", "Float":
		return 0, nil
	case "Boolean":
		return false, nil
	}
	if def := x.schema.Types[t.NamedType]; def.Kind == ast.Scalar {
		return "", nil
	}
	if def := x.schema.Types[t.NamedType]; def.Kind == ast.Enum && len(def.EnumValues) > 0 {
		return def.EnumValues[0].Name, nil
	}
	return nil, &fieldError{typ: "INTERNAL", msg: "githubfake does not implement " + typeName + "." + f.Name}
}

func fieldLoc(f *ast.Field) []gqlLoc {
	if f.Position == nil {
		return nil
	}
	return []gqlLoc{{Line: f.Position.Line, Column: f.Position.Column}}
}
