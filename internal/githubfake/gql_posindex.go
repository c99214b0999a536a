package githubfake

import "github.com/vektah/gqlparser/v2/ast"

// posInfo is what a source position in a document is, for turning gqlparser's validation
// errors (which carry only a message and a position) into GitHub's shape (which names the
// path, field and argument).
type posInfo struct {
	path     []any      // GitHub's static-validation path: "query Name", field keys, arguments
	field    *ast.Field // enclosing field
	arg      string     // innermost argument or input-object field name
	topArg   string     // the field argument the value belongs to
	topValue *ast.Value // that argument's whole value
}

type posKey struct{ line, col int }

type posIndex map[posKey]posInfo

func indexDocument(doc *ast.QueryDocument) posIndex {
	idx := posIndex{}
	for _, op := range doc.Operations {
		root := []any{opLabel(op)}
		for _, v := range op.VariableDefinitions {
			idx.put(v.Position, posInfo{path: root})
		}
		idx.selections(op.SelectionSet, root)
	}
	for _, fr := range doc.Fragments {
		idx.selections(fr.SelectionSet, []any{"fragment " + fr.Name})
	}
	return idx
}

func opLabel(op *ast.OperationDefinition) string {
	if op.Name == "" {
		return string(op.Operation)
	}
	return string(op.Operation) + " " + op.Name
}

func (idx posIndex) put(p *ast.Position, info posInfo) {
	if p == nil {
		return
	}
	k := posKey{p.Line, p.Column}
	if _, seen := idx[k]; !seen {
		idx[k] = info
	}
}

func extend(path []any, key any) []any {
	return append(append([]any(nil), path...), key)
}

func (idx posIndex) selections(set ast.SelectionSet, path []any) {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			p := extend(path, s.Alias)
			idx.put(s.Position, posInfo{path: p, field: s})
			for _, a := range s.Arguments {
				ap := extend(p, a.Name)
				info := posInfo{path: ap, field: s, arg: a.Name, topArg: a.Name, topValue: a.Value}
				idx.put(a.Position, info)
				idx.value(a.Value, info)
			}
			idx.selections(s.SelectionSet, p)
		case *ast.InlineFragment:
			label := "..."
			if s.TypeCondition != "" {
				label = "... on " + s.TypeCondition
			}
			p := extend(path, label)
			idx.put(s.Position, posInfo{path: p})
			idx.selections(s.SelectionSet, p)
		case *ast.FragmentSpread:
			idx.put(s.Position, posInfo{path: extend(path, "... "+s.Name)})
		}
	}
}

func (idx posIndex) value(v *ast.Value, info posInfo) {
	if v == nil {
		return
	}
	idx.put(v.Position, info)
	for _, ch := range v.Children {
		child := info
		if v.Kind == ast.ObjectValue {
			child.path = extend(info.path, ch.Name)
			child.arg = ch.Name
			idx.put(ch.Position, child)
		}
		idx.value(ch.Value, child)
	}
}

func (idx posIndex) at(locs []gqlLoc) posInfo {
	if len(locs) == 0 {
		return posInfo{}
	}
	return idx[posKey{locs[0].Line, locs[0].Column}]
}
