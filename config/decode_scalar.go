package config

import (
	"math"
	"reflect"
	"time"

	"gopkg.in/yaml.v3"
)

func (d *decoder) str(n *yaml.Node, v reflect.Value, path string) {
	allowed := enumOf(v.Type())
	want := "a string"
	if allowed != nil {
		want = "one of " + quoteList(allowed)
	}
	if n.Kind != yaml.ScalarNode {
		d.wrongType(n, path, want)
		return
	}
	switch n.ShortTag() {
	case "!!str", "!!int", "!!float": // a model named 4 or a label 2024 is still text
	default:
		d.wrongType(n, path, want)
		return
	}
	if allowed != nil && !contains(allowed, n.Value) {
		d.c.add(at(n), path, "%q is not %s%s", n.Value, want, suggest(n.Value, allowed))
		return
	}
	v.SetString(n.Value)
}

func contains(vs []string, s string) bool {
	for _, v := range vs {
		if v == s {
			return true
		}
	}
	return false
}

func (d *decoder) boolean(n *yaml.Node, v reflect.Value, path string) {
	var b bool
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || n.Decode(&b) != nil {
		d.wrongType(n, path, "true or false")
		return
	}
	v.SetBool(b)
}

func (d *decoder) integer(n *yaml.Node, v reflect.Value, path string) {
	var i int64
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || n.Decode(&i) != nil {
		d.wrongType(n, path, "an integer")
		return
	}
	if i < 0 {
		d.c.add(at(n), path, "must not be negative, got %d", i)
		return
	}
	v.SetInt(i)
}

func (d *decoder) float(n *yaml.Node, v reflect.Value, path string) {
	var f float64
	tag := n.ShortTag()
	if n.Kind != yaml.ScalarNode || (tag != "!!int" && tag != "!!float") || n.Decode(&f) != nil {
		d.wrongType(n, path, "a number")
		return
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		d.wrongType(n, path, "a finite number")
		return
	}
	if f < 0 {
		d.c.add(at(n), path, "must not be negative, got %s", n.Value)
		return
	}
	v.SetFloat(f)
}

func (d *decoder) duration(n *yaml.Node, v reflect.Value, path string) {
	const want = `a duration such as "90s" or "2m"`
	if n.Kind != yaml.ScalarNode {
		d.wrongType(n, path, want)
		return
	}
	if tag := n.ShortTag(); tag == "!!int" || tag == "!!float" {
		d.c.add(at(n), path, "want %s, got %s (a duration needs a unit: %ss)", want, n.Value, n.Value)
		return
	}
	if n.ShortTag() != "!!str" {
		d.wrongType(n, path, want)
		return
	}
	t, err := time.ParseDuration(n.Value)
	if err != nil {
		d.wrongType(n, path, want)
		return
	}
	if t < 0 {
		d.c.add(at(n), path, "must not be negative, got %s", n.Value)
		return
	}
	v.SetInt(int64(t))
}
