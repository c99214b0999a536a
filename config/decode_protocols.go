package config

import (
	"reflect"
	"strings"

	"gopkg.in/yaml.v3"
)

// protocols decodes protocols.default and hands each protocol's section to the strict decoder
// with that section's own type; a key that names no section is unknown, like any other.
func (d *decoder) protocols(n *yaml.Node, p *Protocols, path string) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		d.wrongType(n, path, "a mapping")
		return
	}
	keys := []string{"default"}
	for _, s := range p.sections {
		keys = append(keys, s.Key)
	}
	d.pairs(n, path, func(name string, k, val *yaml.Node) {
		if name == "default" {
			d.defaultProtocol(val, p, join(path, name))
			return
		}
		for _, s := range p.sections {
			if s.Key == name {
				d.value(val, reflect.ValueOf(p.values[s.Protocol]).Elem(), join(path, name))
				return
			}
		}
		hint, meant := suggestion(name, keys)
		if meant == "" {
			hint = "; keys here: " + strings.Join(keys, ", ")
		}
		d.c.add(at(k), join(path, name), "unknown key%s", hint)
		d.failed[join(path, meant)] = meant != ""
	})
}

// defaultProtocol reads protocols.default, which must name one of the sections' protocols.
func (d *decoder) defaultProtocol(n *yaml.Node, p *Protocols, path string) {
	var name string
	d.str(n, reflect.ValueOf(&name).Elem(), path)
	if name == "" || d.failed[path] {
		return
	}
	names := p.Names()
	if !contains(names, name) {
		d.c.add(at(n), path, "%q is not one of %s%s", name, quoteList(names), suggest(name, names))
		d.failed[path] = true
		return
	}
	p.Default = name
}
