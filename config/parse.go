package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// MaxFileBytes bounds the configuration file; a repository's file is untrusted input.
const MaxFileBytes = 256 << 10

// Load reads and parses the configuration file at path. Relative paths inside it resolve
// against the file's directory.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read configuration: %w", err)
	}
	return Parse(path, data)
}

// Parse parses configuration data. name is the file name used in error messages and whose
// directory relative paths resolve against. The error, when not nil, is an Errors value
// listing every problem found, each with file, line, column and key path.
func Parse(name string, data []byte) (*Config, error) {
	c := &collector{file: name}
	root := parseYAML(c, data)
	if root == nil {
		return nil, c.errs.err()
	}
	cfg := Default()
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

// parseYAML returns the single document's root node, or nil after reporting why there is none.
func parseYAML(c *collector, data []byte) *yaml.Node {
	if len(data) > MaxFileBytes {
		c.add(position{}, "", "file is %d bytes; the limit is %d", len(data), MaxFileBytes)
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
		c.add(position{1, 1}, "", "empty configuration: it needs at least \"version: %d\"", CurrentVersion)
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

var yamlLine = regexp.MustCompile(`^yaml: (?:line (\d+): )?(.*)$`)

// parserProblems are the messages of yaml.v3's parser (as opposed to its scanner), whose
// line numbers it reports counting from zero.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"found undefined tag handle":             true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
	"found duplicate %TAG directive":         true,
}

// readerProblems carry no place in the file at all.
var readerProblems = map[string]bool{
	"control characters are not allowed": true,
	"invalid leading UTF-8 octet":        true,
	"invalid trailing UTF-8 octet":       true,
	"incomplete UTF-8 octet sequence":    true,
	"invalid Unicode character":          true,
	"input is not valid UTF-8":           true,
}

// syntaxError reports a YAML parser error. yaml.v3 gives a line but no column, counts the
// parser's lines from zero and omits a line of zero, so the line is corrected here.
func syntaxError(c *collector, data []byte, err error) {
	m := yamlLine.FindStringSubmatch(err.Error())
	if m == nil {
		c.add(position{}, "", "invalid YAML: %v", err)
		return
	}
	line, _ := strconv.Atoi(m[1]) // "" (no line) leaves 0
	msg := m[2]
	col := 0
	switch {
	case readerProblems[msg]:
		line, col = badByte(data)
	case parserProblems[msg]:
		line++
	case line == 0:
		line = 1
	}
	if line > 0 && col == 0 {
		if lines := bytes.Split(data, []byte("\n")); line <= len(lines) && bytes.Contains(lines[line-1], []byte("\t")) {
			msg += " (YAML cannot indent with tabs)"
		}
	}
	c.add(position{line, col}, "", "invalid YAML: %s", msg)
}

// badByte finds the first control character or invalid UTF-8, which yaml.v3 reports
// without a place.
func badByte(data []byte) (line, col int) {
	line, col = 1, 1
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError && n <= 1 || r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7f {
			return line, col
		}
		if r == '\n' {
			line, col = line+1, 0
		}
		col++
		data = data[n:]
	}
	return 0, 0
}
