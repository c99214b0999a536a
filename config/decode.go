package config

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// decoder walks a yaml.Node tree into the Config structs by their yaml tags, recording where
// every value sat and reporting each problem with its place instead of stopping at the first.
type decoder struct {
	c      *collector
	pos    map[string]position
	failed map[string]bool
}

// defaulter is a value that has defaults to apply before the file fills it (map and list
// elements, which Default cannot pre-fill).
type defaulter interface{ applyDefaults() }

var durationType = reflect.TypeFor[time.Duration]()

func at(n *yaml.Node) position { return position{n.Line, n.Column} }

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// value decodes n into v, which must be settable.
func (d *decoder) value(n *yaml.Node, v reflect.Value, path string) {
	d.pos[path] = at(n)
	if n.Kind == yaml.AliasNode {
		d.c.add(at(n), path, "aliases (*%s) are not supported: write the value out", n.Value)
		d.failed[path] = true
		return
	}
	switch v.Type() {
	case durationType:
		d.duration(n, v, path)
		return
	case protocolsType:
		d.protocols(n, v.Addr().Interface().(*Protocols), path)
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		d.structure(n, v, path)
	case reflect.Map:
		d.mapping(n, v, path)
	case reflect.Slice:
		d.sequence(n, v, path)
	case reflect.String:
		d.str(n, v, path)
	case reflect.Bool:
		d.boolean(n, v, path)
	case reflect.Int, reflect.Int64:
		d.integer(n, v, path)
	case reflect.Float64:
		d.float(n, v, path)
	default:
		panic(fmt.Sprintf("config: no decoder for %s at %s", v.Type(), path))
	}
}

// describe renders what the file holds, for "want X, got Y" messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	switch n.ShortTag() {
	case "!!null":
		return "nothing"
	case "!!str":
		return fmt.Sprintf("%q", n.Value)
	}
	return n.Value
}

func (d *decoder) wrongType(n *yaml.Node, path, want string) {
	d.c.add(at(n), path, "want %s, got %s", want, describe(n))
	d.failed[path] = true
}

func isNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }

// key checks a mapping key and returns its text.
func (d *decoder) key(k *yaml.Node, path string) (string, bool) {
	if k.Kind != yaml.ScalarNode || k.ShortTag() == "!!null" {
		d.c.add(at(k), path, "keys must be plain text, got %s", describe(k))
		return "", false
	}
	if k.ShortTag() == "!!merge" {
		d.c.add(at(k), path, "merge keys (<<) are not supported: write the keys out")
		d.failed[path] = true
		return "", false
	}
	return k.Value, true
}

// pairs yields the key/value pairs of a mapping node, reporting bad and duplicate keys.
func (d *decoder) pairs(n *yaml.Node, path string, each func(name string, k, v *yaml.Node)) {
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		name, ok := d.key(k, path)
		if !ok {
			continue
		}
		if line, dup := seen[name]; dup {
			d.c.add(at(k), join(path, name), "duplicate key (first set on line %d)", line)
			continue
		}
		seen[name] = k.Line
		each(name, k, v)
	}
}

func (d *decoder) structure(n *yaml.Node, v reflect.Value, path string) {
	if isNull(n) {
		return // an empty section, e.g. every key commented out: keep the defaults
	}
	if n.Kind != yaml.MappingNode {
		d.wrongType(n, path, "a mapping")
		return
	}
	names, index := fieldsOf(v.Type())
	d.pairs(n, path, func(name string, k, val *yaml.Node) {
		i, ok := index[name]
		if !ok {
			hint, meant := suggestion(name, names)
			if meant == "" {
				hint = "; keys here: " + strings.Join(names, ", ")
			}
			d.c.add(at(k), join(path, name), "unknown key%s", hint)
			d.failed[join(path, meant)] = meant != ""
			return
		}
		d.value(val, v.Field(i), join(path, name))
	})
}

// fieldsOf lists the yaml keys of a struct type and the field index of each.
func fieldsOf(t reflect.Type) (names []string, index map[string]int) {
	index = map[string]int{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := strings.Split(f.Tag.Get("yaml"), ",")[0]
		if !f.IsExported() || tag == "" || tag == "-" {
			continue
		}
		names = append(names, tag)
		index[tag] = i
	}
	return names, index
}
