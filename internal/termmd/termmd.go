// Package termmd renders markdown for a terminal: headings, bold and italics as the terminal's
// own styles, lists with bullets, quotes with a bar, tables with aligned columns, code set in
// from the margin — and no markdown character left over, no backslash escape. Every control
// character in the text (an escape sequence a model wrote, say) is dropped before styling, so
// text can never restyle, move or clear the reader's terminal.
package termmd

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

const (
	bold, noBold     = "\x1b[1m", "\x1b[22m"
	italic, noItalic = "\x1b[3m", "\x1b[23m"
	under, noUnder   = "\x1b[4m", "\x1b[24m"
	dim, noDim       = "\x1b[2m", "\x1b[22m"
)

var md = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough)).Parser()

// Render is markdown as a terminal shows it.
func Render(markdown string) string {
	src := []byte(clean(markdown))
	r := &renderer{src: src}
	return strings.TrimRight(r.blocks(md.Parse(text.NewReader(src)), "\n\n"), "\n") + "\n"
}

// clean drops every control character but the line break and the tab.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return -1
		}
		return r
	}, s)
}

type renderer struct{ src []byte }

func (r *renderer) blocks(n ast.Node, sep string) string {
	var out []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if s := r.block(c); s != "" {
			out = append(out, s)
		}
	}
	return strings.Join(out, sep)
}

func (r *renderer) block(n ast.Node) string {
	switch n := n.(type) {
	case *ast.Heading:
		if n.Level == 1 {
			return bold + under + r.inline(n) + noUnder + noBold
		}
		return bold + r.inline(n) + noBold
	case *ast.Paragraph, *ast.TextBlock:
		return r.inline(n)
	case *ast.ThematicBreak:
		return dim + strings.Repeat("─", 40) + noDim
	case *ast.Blockquote:
		return prefix(r.blocks(n, "\n\n"), dim+"│"+noDim+" ", dim+"│"+noDim)
	case *ast.List:
		var items []string
		number := n.Start
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			marker := "• "
			if n.IsOrdered() {
				marker = fmt.Sprintf("%d. ", number)
				number++
			}
			body := prefix(r.blocks(c, "\n"), strings.Repeat(" ", utf8.RuneCountInString(marker)), "")
			items = append(items, marker+strings.TrimLeft(body, " "))
		}
		return strings.Join(items, "\n")
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return prefix(strings.TrimRight(lines(n, r.src), "\n"), "    ", "")
	case *ast.HTMLBlock:
		return strings.TrimRight(lines(n, r.src), "\n")
	case *east.Table:
		return r.table(n)
	}
	return r.blocks(n, "\n\n")
}

func (r *renderer) table(n *east.Table) string {
	var rows [][]string
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []string
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, plain(r.inline(c)))
		}
		rows = append(rows, cells)
	}
	width := map[int]int{}
	for _, row := range rows {
		for i, c := range row {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	var out []string
	for ri, row := range rows {
		var b strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			if ri == 0 {
				c = bold + c + noBold
			}
			b.WriteString(c + pad + "  ")
		}
		out = append(out, strings.TrimRight(b.String(), " "))
	}
	return strings.Join(out, "\n")
}

// plain is styled text without its styles, for measuring and for table cells.
func plain(s string) string {
	for _, code := range []string{bold, noBold, italic, noItalic, under, noUnder, dim} {
		s = strings.ReplaceAll(s, code, "")
	}
	return s
}

func (r *renderer) inline(n ast.Node) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(util.UnescapePunctuations(c.Segment.Value(r.src)))
			if c.HardLineBreak() || c.SoftLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.CodeSpan:
			b.WriteString(r.inline(c))
		case *ast.Emphasis:
			if c.Level >= 2 {
				b.WriteString(bold + r.inline(c) + noBold)
			} else {
				b.WriteString(italic + r.inline(c) + noItalic)
			}
		case *ast.Link:
			b.WriteString(r.inline(c))
			if dest := string(c.Destination); dest != "" && dest != r.inline(c) {
				b.WriteString(" (" + dest + ")")
			}
		case *ast.AutoLink:
			b.Write(c.Label(r.src))
		case *ast.RawHTML:
			for i := 0; i < c.Segments.Len(); i++ {
				seg := c.Segments.At(i)
				b.Write(seg.Value(r.src))
			}
		default:
			b.WriteString(r.inline(c))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func lines(n ast.Node, src []byte) string {
	var b bytes.Buffer
	for i := 0; i < n.Lines().Len(); i++ {
		s := n.Lines().At(i)
		b.Write(s.Value(src))
	}
	return b.String()
}

func prefix(s, p, blank string) string {
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		if l == "" {
			ls[i] = blank
			continue
		}
		ls[i] = p + l
	}
	return strings.Join(ls, "\n")
}
