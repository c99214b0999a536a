package config

import (
	"fmt"
	"reflect"

	"gopkg.in/yaml.v3"
)

// mapping replaces a map wholesale: the file's entries are the map, not additions to it. A
// key with no value keeps the default, like an empty section.
func (d *decoder) mapping(n *yaml.Node, v reflect.Value, path string) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		d.wrongType(n, path, "a mapping")
		return
	}
	m := reflect.MakeMap(v.Type())
	v.Set(m)
	d.pairs(n, path, func(name string, k, val *yaml.Node) {
		if name == "" {
			d.c.add(at(k), path, "empty key")
			return
		}
		m.SetMapIndex(reflect.ValueOf(name), d.element(val, v.Type().Elem(), join(path, name)))
	})
}

// sequence replaces a list wholesale; a key with no value keeps the default.
func (d *decoder) sequence(n *yaml.Node, v reflect.Value, path string) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.SequenceNode {
		d.wrongType(n, path, "a list")
		return
	}
	s := reflect.MakeSlice(v.Type(), 0, len(n.Content))
	for i, item := range n.Content {
		s = reflect.Append(s, d.element(item, v.Type().Elem(), fmt.Sprintf("%s[%d]", path, i)))
	}
	v.Set(s)
}

// element decodes a fresh map or list element, defaulted first when its type has defaults.
func (d *decoder) element(n *yaml.Node, t reflect.Type, path string) reflect.Value {
	e := reflect.New(t)
	if def, ok := e.Interface().(defaulter); ok {
		def.applyDefaults()
	}
	d.value(n, e.Elem(), path)
	return e.Elem()
}
