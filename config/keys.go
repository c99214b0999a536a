package config

import (
	"reflect"
	"time"
)

// Key is one key of the file's schema, as the configuration reference documents it: its path,
// with map keys written <name> (<role>, <login>, …) and list items [], and its default value
// where the default does not depend on a name (an invalid Value otherwise).
type Key struct {
	Path    string
	Default reflect.Value
}

// Keys lists every key of the schema with the given protocol sections, in schema order.
func Keys(sections ...Section) []Key {
	cfg := Default(sections...)
	var out []Key
	leaves(reflect.TypeFor[Config](), reflect.ValueOf(*cfg), "", &out)
	return out
}

// leaves walks a struct type's yaml keys; the protocols section expands into its default and
// every protocol's own section.
func leaves(t reflect.Type, v reflect.Value, prefix string, out *[]Key) {
	names, index := fieldsOf(t)
	for _, name := range names {
		f := t.Field(index[name])
		path := join(prefix, name)
		var fv reflect.Value
		if v.IsValid() {
			fv = v.Field(index[name])
		}
		switch {
		case f.Type == protocolsType:
			p := fv.Interface().(Protocols)
			*out = append(*out, Key{join(path, "default"), reflect.ValueOf(p.Default)})
			for _, s := range p.sections {
				sv := reflect.ValueOf(p.values[s.Protocol]).Elem()
				leaves(sv.Type(), sv, join(path, s.Key), out)
			}
		case f.Type.Kind() == reflect.Struct && f.Type != reflect.TypeFor[time.Duration]():
			leaves(f.Type, fv, path, out)
		case f.Type.Kind() == reflect.Map && f.Type.Elem().Kind() == reflect.Struct:
			elem := reflect.New(f.Type.Elem())
			if d, ok := elem.Interface().(defaulter); ok {
				d.applyDefaults()
			}
			leaves(f.Type.Elem(), elem.Elem(), path+".<"+f.Tag.Get("mapkey")+">", out)
		case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
			leaves(f.Type.Elem(), reflect.Value{}, path+"[]", out)
		default:
			*out = append(*out, Key{path, fv})
		}
	}
}
