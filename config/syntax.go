package config

import (
	"bytes"
	"regexp"
	"strconv"
	"unicode/utf8"
)

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
