package config

import (
	"reflect"

	"github.com/war-room/war-room/engine/settings"
	"gopkg.in/yaml.v3"
)

// DecodeDocument decodes one YAML document that is not the configuration file — a
// protocol's own data file in a repository, such as a roster card — with the same strict
// decoder: unknown keys (with a did-you-mean), wrong types, bad enumerations, aliases and
// duplicate keys are errors. v is a pointer to a struct with yaml tags, holding its defaults;
// check, when given, then runs on what was decoded, and each problem it records is located
// at its key. The error, when not nil, is an Errors value naming name, line, column and key
// path for every problem.
func DecodeDocument(name string, data []byte, v any, check func(*settings.Check)) error {
	c := &collector{file: name}
	root := parseYAML(c, data, "empty file: it needs at least the keys this file is documented with")
	if root == nil {
		return c.errs.err()
	}
	doc := &Config{Source: name, pos: map[string]position{}, failed: map[string]bool{}}
	d := &decoder{c: c, pos: doc.pos, failed: doc.failed}
	d.value(root, reflect.ValueOf(v).Elem(), "")
	if check != nil && root.Kind == yaml.MappingNode {
		v := &validator{cfg: doc, c: c}
		sc := &settings.Check{Set: v.has}
		check(sc)
		for _, p := range sc.Problems() {
			v.setting("", p)
		}
	}
	return c.errs.err()
}
