package githubfake

import (
	"bytes"
	"encoding/json"
	"reflect"
	"time"

	"github.com/vektah/gqlparser/v2/ast"
)

type fieldGroup struct {
	key    string
	fields []*ast.Field
}

// collect merges the fields selected on a value of runtime type typeName, in document
// order, following fragments whose type condition applies and honouring @skip/@include.
func (x *execCtx) collect(typeName string, sets []ast.SelectionSet) []fieldGroup {
	var groups []fieldGroup
	index := map[string]int{}
	seen := map[string]bool{}
	var walk func(set ast.SelectionSet)
	walk = func(set ast.SelectionSet) {
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				if !x.included(s.Directives) {
					continue
				}
				if i, ok := index[s.Alias]; ok {
					groups[i].fields = append(groups[i].fields, s)
					continue
				}
				index[s.Alias] = len(groups)
				groups = append(groups, fieldGroup{key: s.Alias, fields: []*ast.Field{s}})
			case *ast.InlineFragment:
				if x.included(s.Directives) && x.applies(s.TypeCondition, typeName) {
					walk(s.SelectionSet)
				}
			case *ast.FragmentSpread:
				fr := x.doc.Fragments.ForName(s.Name)
				if fr == nil || seen[s.Name] || !x.included(s.Directives) || !x.applies(fr.TypeCondition, typeName) {
					continue
				}
				seen[s.Name] = true
				walk(fr.SelectionSet)
			}
		}
	}
	for _, set := range sets {
		walk(set)
	}
	return groups
}

func (x *execCtx) applies(cond, typeName string) bool {
	if cond == "" || cond == typeName {
		return true
	}
	def := x.schema.Types[cond]
	if def == nil || (def.Kind != ast.Interface && def.Kind != ast.Union) {
		return false
	}
	for _, p := range x.schema.GetPossibleTypes(def) {
		if p.Name == typeName {
			return true
		}
	}
	return false
}

func (x *execCtx) included(ds ast.DirectiveList) bool {
	if d := ds.ForName("skip"); d != nil {
		if v, _ := d.ArgumentMap(x.vars)["if"].(bool); v {
			return false
		}
	}
	if d := ds.ForName("include"); d != nil {
		if v, _ := d.ArgumentMap(x.vars)["if"].(bool); !v {
			return false
		}
	}
	return true
}

func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Map || rv.Kind() == reflect.Slice) && rv.IsNil()
}

func scalarJSON(v any) any {
	if t, ok := v.(time.Time); ok {
		return t.UTC().Format(time.RFC3339)
	}
	return v
}

// omap is a JSON object that keeps its keys in selection order, as GraphQL requires.
type omap struct {
	keys []string
	vals map[string]any
}

func newOmap() *omap { return &omap{vals: map[string]any{}} }

func (m *omap) set(k string, v any) {
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

func (m *omap) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range m.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(m.vals[k])
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}
