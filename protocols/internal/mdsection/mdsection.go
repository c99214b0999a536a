// Package mdsection finds the sections of a model's markdown answer as CommonMark parses it
// (goldmark): a heading's section runs to the next heading of the same or a higher level, so
// the sub-headings real models write inside a section stay in it, and a "#" line inside a
// fenced code block is not a heading. A paragraph that is only bold or italic text (with an
// optional colon), which models write in place of a heading, names a section too when no
// real heading of that name exists.
package mdsection

import (
	"fmt"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

var md = goldmark.New(goldmark.WithExtensions(extension.GFM))

// pseudoLevel ranks a bold line below every real heading: it ends at the next heading of any
// kind, and never ends a real heading's section.
const pseudoLevel = 7

type mark struct {
	key          string
	level        int
	start, after int // where the heading's line begins, and where its body begins
}

// Split returns every section of text keyed by key(heading text), its body trimmed; text
// before the first heading is under "". A heading that appears twice has its bodies joined.
func Split(text string, key func(string) string) map[string]string {
	src := []byte(text)
	doc := md.Parser().Parse(textReader(src))
	var real, pseudo []mark
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch h := n.(type) {
		case *ast.Heading:
			if m, ok := headingMark(h, src, key); ok {
				real = append(real, m)
			}
		case *ast.Paragraph:
			if m, ok := pseudoMark(h, src, key); ok {
				pseudo = append(pseudo, m)
			}
		}
	}
	out := map[string]string{}
	have := map[string]bool{}
	for _, m := range real {
		have[m.key] = true
	}
	marks := real
	for _, m := range pseudo {
		if !have[m.key] {
			marks = append(marks, m)
		}
	}
	sortMarks(marks)
	first := len(src)
	if len(marks) > 0 {
		first = marks[0].start
	}
	out[""] = strings.TrimSpace(text[:first])
	for i, m := range marks {
		end := len(src)
		for _, next := range marks[i+1:] {
			if next.level <= m.level {
				end = next.start
				break
			}
		}
		body := ""
		if m.after < end {
			body = strings.TrimSpace(text[m.after:end])
		}
		if prev, ok := out[m.key]; ok && prev != "" {
			body = strings.TrimSpace(prev + "\n\n" + body)
		}
		out[m.key] = body
	}
	return out
}

func textReader(src []byte) text.Reader { return text.NewReader(src) }

// headingMark is h's place: its line's start, and the start of the line after it (after the
// underline of a setext heading).
func headingMark(h *ast.Heading, src []byte, key func(string) string) (mark, bool) {
	lines := h.Lines()
	if lines.Len() == 0 {
		return mark{}, false // an empty ATX heading ("##"): nothing to name a section by
	}
	seg := lines.At(0)
	start := lineStart(src, seg.Start)
	after := lineEnd(src, lines.At(lines.Len()-1).Stop)
	if !strings.HasPrefix(strings.TrimLeft(string(src[start:seg.Start]), " "), "#") {
		after = lineEnd(src, after) // setext: the underline is the next line
	}
	return mark{key: key(plain(h, src)), level: h.Level, start: start, after: after}, true
}

// pseudoMark is a paragraph of one line that is only emphasis ("**Rationale**", "*Risks:*").
func pseudoMark(p *ast.Paragraph, src []byte, key func(string) string) (mark, bool) {
	lines := p.Lines()
	if lines.Len() != 1 {
		return mark{}, false
	}
	c := p.FirstChild()
	if c == nil {
		return mark{}, false
	}
	if _, ok := c.(*ast.Emphasis); !ok {
		return mark{}, false
	}
	if rest := c.NextSibling(); rest != nil {
		t, ok := rest.(*ast.Text)
		if !ok || rest.NextSibling() != nil || strings.TrimSpace(string(t.Segment.Value(src))) != ":" {
			return mark{}, false
		}
	}
	seg := lines.At(0)
	k := key(plain(c, src))
	if k == "" {
		return mark{}, false
	}
	return mark{key: k, level: pseudoLevel, start: lineStart(src, seg.Start), after: lineEnd(src, seg.Stop)}, true
}

// plain is the text of n's inline content.
func plain(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

func lineStart(src []byte, i int) int {
	for i > 0 && src[i-1] != '\n' {
		i--
	}
	return i
}

func lineEnd(src []byte, i int) int {
	for i < len(src) && src[i] != '\n' {
		i++
	}
	if i < len(src) {
		i++
	}
	return i
}

func sortMarks(ms []mark) { slices.SortFunc(ms, func(a, b mark) int { return a.start - b.start }) }

// Require checks that every named section is in s (keyed by key) and has something under
// it, saying which headings are missing and which are empty.
func Require(s map[string]string, key func(string) string, names ...string) error {
	var missing, empty []string
	for _, n := range names {
		switch body, ok := s[key(n)]; {
		case !ok:
			missing = append(missing, "## "+n)
		case strings.TrimSpace(body) == "":
			empty = append(empty, "## "+n)
		}
	}
	var problems []string
	if len(missing) > 0 {
		problems = append(problems, "no heading for "+strings.Join(missing, ", "))
	}
	if len(empty) > 0 {
		problems = append(problems, "nothing under "+strings.Join(empty, ", "))
	}
	if len(problems) > 0 {
		return fmt.Errorf("sections: %s", strings.Join(problems, "; "))
	}
	return nil
}
