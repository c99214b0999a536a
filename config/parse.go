package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"

	"gopkg.in/yaml.v3"
)

// maxFileBytes bounds the configuration file; a repository's file is untrusted input.
const maxFileBytes = 256 << 10

// Load reads and parses the configuration file at path. Relative paths inside it resolve
// against the file's directory. sections are the protocols' own sections (see Section).
func Load(path string, sections ...Section) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read configuration: %w", err)
	}
	return Parse(path, data, sections...)
}

// Parse parses configuration data. name is the file name used in error messages and whose
// directory relative paths resolve against. The error, when not nil, is an Errors value
// listing every problem found, each with file, line, column and key path.
func Parse(name string, data []byte, sections ...Section) (*Config, error) {
	c := &collector{file: name}
	root := parseYAML(c, data, fmt.Sprintf("empty configuration: it needs at least \"version: %d\"", CurrentVersion))
	if root == nil {
		return nil, c.errs.err()
	}
	cfg := Default(sections...)
	cfg.Source, cfg.dir = name, filepath.Dir(name)
	cfg.pos, cfg.failed = map[string]position{}, map[string]bool{}
	d := &decoder{c: c, pos: cfg.pos, failed: cfg.failed}
	d.value(root, reflect.ValueOf(cfg).Elem(), "")
	if root.Kind == yaml.MappingNode { // otherwise the decoder has said it wants a mapping
		cfg.validate(c)
	}
	if err := c.errs.err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// parseYAML returns the single document's root node, or nil after reporting why there is none
// (empty says what an empty document lacks).
func parseYAML(c *collector, data []byte, empty string) *yaml.Node {
	if len(data) > maxFileBytes {
		c.add(position{}, "", "file is %d bytes; the limit is %d", len(data), maxFileBytes)
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	err := dec.Decode(&doc)
	if err != nil && !errors.Is(err, io.EOF) {
		syntaxError(c, data, err)
		return nil
	}
	if len(doc.Content) == 0 || isNull(doc.Content[0]) {
		c.add(position{1, 1}, "", "%s", empty)
		return nil
	}
	var extra yaml.Node
	switch err := dec.Decode(&extra); {
	case err == nil:
		c.add(at(&extra), "", "a second YAML document (after ---): the configuration is one document")
		return nil
	case !errors.Is(err, io.EOF):
		syntaxError(c, data, err)
		return nil
	}
	return doc.Content[0]
}
