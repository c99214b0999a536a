package safetext

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// gfm parses the way GitHub does for what war-room keeps: CommonMark plus tables,
// strikethrough and task lists. Bare URLs are not linkified: they stay text, and unlink keeps
// GitHub from linking them either.
var gfm = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList)).Parser()

func parse(src []byte) ast.Node {
	return gfm.Parse(text.NewReader(src), parser.WithContext(parser.NewContext()))
}

// Markdown renders untrusted markdown (a model's answer, a person's question) so that a reader
// sees it as its author wrote it, inside a section it cannot leave. The text is parsed as
// GitHub-flavoured markdown and written again from an allowlist: paragraphs, emphasis,
// strikethrough, lists, block quotes, code spans, fenced code (with a fence longer than any
// run inside), tables and thematic breaks. Everything else is shown as words and never acts:
// a heading becomes a bold line (war-room's own headings stay the only headings), a link keeps
// its text and loses its target, an image is named by its alt text, raw HTML is shown as
// typed. Every character of the author's text that could open structure is escaped, so the
// only structure in the result is the one written here from the parse; mentions, references,
// commands, markers and secrets are defused and redacted as Plain does, before the parse and
// again on the result.
//
// The result has no trailing newline and starts and ends with a complete block, so war-room's
// own structure can follow it after a blank line.
func Markdown(s string) string {
	src := []byte(normalise(Plain(s)))
	r := &renderer{src: src}
	return Plain(strings.TrimSpace(r.container(parse(src), false)))
}

// Phrase renders untrusted markdown as one line of inline markdown, for a list item or a
// sentence of war-room's: emphasis, strikethrough and code spans are kept, every block
// (heading, list, quote, table, code) is flattened into its words, and nothing in it can end
// the line or the structure around it.
func Phrase(s string) string { return phrase(s, false) }

// Cell is Phrase for a table cell: a pipe, even inside a code span, cannot end the cell.
func Cell(s string) string { return phrase(s, true) }

func phrase(s string, cell bool) string {
	src := []byte(normalise(Plain(s)))
	r := &renderer{src: src, cell: true, pipes: cell}
	return Plain(strings.Join(strings.Fields(r.flat(parse(src))), " "))
}

// FirstLine is s's first non-blank line, cut to max runes with an ellipsis. It changes no
// character: text going out still needs Inline (or another of this package's functions).
func FirstLine(s string, max int) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if r := []rune(l); len(r) > max {
				return string(r[:max-1]) + "…"
			}
			return l
		}
	}
	return ""
}

// Headline is the first sentence of untrusted markdown's first paragraph (its headings
// skipped), as plain words of at most max characters: the line that says what an answer says.
func Headline(s string, max int) string {
	src := []byte(normalise(Plain(s)))
	var first ast.Node
	_ = ast.Walk(parse(src), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering || first != nil {
			return ast.WalkSkipChildren, nil
		}
		switch n.Kind() {
		case ast.KindParagraph, ast.KindTextBlock:
			first = n
			return ast.WalkStop, nil
		case ast.KindHeading, ast.KindFencedCodeBlock, ast.KindCodeBlock, ast.KindHTMLBlock, east.KindTable:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	if first == nil {
		return ""
	}
	words := strings.Join(strings.Fields(string(plainText(first, src))), " ")
	if i := sentenceEnd(words); i > 0 {
		words = words[:i]
	}
	if utf8.RuneCountInString(words) > max {
		words = strings.TrimSpace(runePrefix(words, max-1)) + "…"
	}
	return Plain(words)
}

// sentenceEnd is the index just after the first sentence's full stop, or 0.
func sentenceEnd(s string) int {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?') && s[i+1] == ' ' && i > 20 {
			return i + 1
		}
	}
	return 0
}

func runePrefix(s string, n int) string {
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}

// plainText is the words of a node: its text and code, with no markup.
func plainText(n ast.Node, src []byte) []byte {
	var b bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(util.UnescapePunctuations(c.Segment.Value(src)))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.Bytes()
}

func normalise(s string) string {
	return strings.NewReplacer("\r\n", "\n", "\r", "\n", "\x00", "\ufffd").Replace(s)
}

// renderer writes markdown again from a parse of src. cell says the output must stay on one
// line; pipes says a "|" inside a code span is escaped too (a table cell).
type renderer struct {
	src         []byte
	cell, pipes bool
}

// container renders the blocks under n, a blank line between them (a line break in a tight
// list item).
func (r *renderer) container(n ast.Node, tight bool) string {
	var out []string
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if s := r.block(c); strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	sep := "\n\n"
	if tight {
		sep = "\n"
	}
	return strings.Join(out, sep)
}

func (r *renderer) block(n ast.Node) string {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return r.inline(n)
	case *ast.Heading:
		// Demoted: a bold line is never a heading, so war-room's own headings stay the
		// outline of the page.
		if t := r.flatInline(n); t != "" {
			return "**" + t + "**"
		}
		return ""
	case *ast.ThematicBreak:
		// "***", not "---": under a line of text "---" would make that line a heading.
		return "***"
	case *ast.Blockquote:
		return prefixLines(r.container(n, false), "> ", ">")
	case *ast.List:
		return r.list(n)
	case *ast.FencedCodeBlock:
		return fenced(linesOf(n, r.src), language(n.Language(r.src)))
	case *ast.CodeBlock:
		return fenced(linesOf(n, r.src), "")
	case *ast.HTMLBlock:
		// Shown as typed, one line of text each: HTML never acts.
		var lines []string
		for _, l := range strings.Split(strings.TrimRight(linesOf(n, r.src), "\n"), "\n") {
			if l = escapeText(strings.TrimSpace(l), true); l != "" {
				lines = append(lines, l)
			}
		}
		return strings.Join(lines, "  \n")
	case *east.Table:
		return r.table(n)
	default:
		// A block this renderer does not know is shown as its words.
		return escapeText(strings.Join(strings.Fields(string(plainText(n, r.src))), " "), true)
	}
}

func (r *renderer) list(n *ast.List) string {
	var items []string
	number := n.Start
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		marker := string(n.Marker) + " "
		if n.IsOrdered() {
			marker = fmt.Sprintf("%d%c ", number, n.Marker)
			number++
		}
		body := r.container(c, n.IsTight)
		if body == "" {
			items = append(items, strings.TrimSpace(marker))
			continue
		}
		pad := strings.Repeat(" ", len(marker))
		items = append(items, marker+prefixLines(body, pad, "")[len(pad):])
	}
	sep := "\n"
	if !n.IsTight {
		sep = "\n\n"
	}
	return strings.Join(items, sep)
}

func (r *renderer) table(n *east.Table) string {
	var lines []string
	row := func(cells []string) string { return "| " + strings.Join(cells, " | ") + " |" }
	sub := &renderer{src: r.src, cell: true, pipes: true}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		var cells []string
		for cell := c.FirstChild(); cell != nil; cell = cell.NextSibling() {
			cells = append(cells, strings.Join(strings.Fields(sub.inline(cell)), " "))
		}
		lines = append(lines, row(cells))
		if _, header := c.(*east.TableHeader); header {
			rule := make([]string, len(cells))
			for i := range rule {
				rule[i] = "---"
				if i < len(n.Alignments) {
					switch n.Alignments[i] {
					case east.AlignLeft:
						rule[i] = ":---"
					case east.AlignRight:
						rule[i] = "---:"
					case east.AlignCenter:
						rule[i] = ":---:"
					}
				}
			}
			lines = append(lines, "|"+strings.Join(rule, "|")+"|")
		}
	}
	return strings.Join(lines, "\n")
}

// flat is every block under n as inline text, one block after another on a line.
func (r *renderer) flat(n ast.Node) string {
	var out []string
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c.Kind() {
		case ast.KindParagraph, ast.KindTextBlock, ast.KindHeading, east.KindTableCell:
			out = append(out, r.inline(c))
			return ast.WalkSkipChildren, nil
		case ast.KindFencedCodeBlock, ast.KindCodeBlock, ast.KindHTMLBlock:
			out = append(out, codeSpan(strings.Join(strings.Fields(linesOf(c, r.src)), " "), r.pipes))
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(out, " ")
}

// flatInline is n's inline content on one line.
func (r *renderer) flatInline(n ast.Node) string {
	sub := &renderer{src: r.src, cell: true, pipes: r.pipes}
	return strings.Join(strings.Fields(sub.inline(n)), " ")
}

// inline renders the inline children of n.
func (r *renderer) inline(n ast.Node) string {
	var b strings.Builder
	r.inlines(&b, n)
	return strings.TrimRight(b.String(), " \n")
}

func (r *renderer) inlines(b *strings.Builder, n ast.Node) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		r.inlineNode(b, c)
	}
}

func atLineStart(b *strings.Builder) bool {
	s := b.String()
	return s == "" || strings.HasSuffix(s, "\n")
}

func (r *renderer) lineBreak(b *strings.Builder, hard bool) {
	switch {
	case r.cell:
		b.WriteByte(' ')
	case hard:
		b.WriteString("\\\n")
	default:
		b.WriteByte('\n')
	}
}

func (r *renderer) inlineNode(b *strings.Builder, n ast.Node) {
	switch n := n.(type) {
	case *ast.Text:
		t := string(util.UnescapePunctuations(n.Segment.Value(r.src)))
		start := atLineStart(b)
		if start {
			t = strings.TrimLeft(t, " \t")
		}
		b.WriteString(escapeText(t, start))
		if (n.SoftLineBreak() || n.HardLineBreak()) && n.NextSibling() != nil {
			r.lineBreak(b, n.HardLineBreak())
		}
	case *ast.String:
		b.WriteString(escapeText(string(n.Value), atLineStart(b)))
	case *ast.CodeSpan:
		b.WriteString(codeSpan(string(plainText(n, r.src)), r.pipes))
	case *ast.Emphasis:
		mark := strings.Repeat("*", n.Level)
		if inner := r.sub(n); strings.TrimSpace(inner) != "" {
			b.WriteString(mark + inner + mark)
		}
	case *east.Strikethrough:
		if inner := r.sub(n); strings.TrimSpace(inner) != "" {
			b.WriteString("~~" + inner + "~~")
		}
	case *ast.Link:
		// The words stay; the target goes.
		r.inlines(b, n)
	case *ast.AutoLink:
		b.WriteString(escapeText(string(n.Label(r.src)), atLineStart(b)))
	case *ast.Image:
		if alt := strings.Join(strings.Fields(string(plainText(n, r.src))), " "); alt != "" {
			b.WriteString(escapeText("(image: "+alt+")", atLineStart(b)))
		}
	case *ast.RawHTML:
		raw := string(rawSegments(n.Segments, r.src))
		if brRE.MatchString(raw) {
			r.lineBreak(b, true)
			return
		}
		b.WriteString(escapeText(strings.ReplaceAll(raw, "\n", " "), atLineStart(b)))
	case *east.TaskCheckBox:
		box := "[ ] "
		if n.IsChecked {
			box = "[x] "
		}
		b.WriteString(escapeText(box, atLineStart(b)))
	default:
		r.inlines(b, n)
	}
}

// sub renders n's inline children on their own, so emphasis marks wrap them exactly.
func (r *renderer) sub(n ast.Node) string {
	var b strings.Builder
	b.WriteString("x") // not at a line start: the marks are written before the text
	r.inlines(&b, n)
	return b.String()[1:]
}

var brRE = regexp.MustCompile(`(?i)^<br\s*/?>$`)

func rawSegments(segs *text.Segments, src []byte) []byte {
	var b bytes.Buffer
	for i := 0; i < segs.Len(); i++ {
		s := segs.At(i)
		b.Write(s.Value(src))
	}
	return b.Bytes()
}

func linesOf(n ast.Node, src []byte) string {
	var b bytes.Buffer
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		s := lines.At(i)
		b.Write(s.Value(src))
	}
	return b.String()
}

// fenced is code in a fence longer than any run of backticks inside it.
func fenced(code, lang string) string {
	code = strings.TrimRight(code, "\n")
	fence := strings.Repeat("`", max(3, longestRun(code, '`')+1))
	return fence + lang + "\n" + code + "\n" + fence
}

var languageRE = regexp.MustCompile(`^[A-Za-z0-9_+.#-]{1,30}$`)

// language keeps an info string only when it is a plain language name.
func language(info []byte) string {
	if languageRE.Match(info) {
		return string(info)
	}
	return ""
}

// codeSpan is s as one code span: delimited by a run of backticks longer than any inside it,
// padded where s starts or ends with a backtick.
func codeSpan(s string, pipes bool) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
	if s == "" {
		return ""
	}
	if pipes {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return ticks + s + ticks
}

// prefixLines puts prefix before every line of s (blank before an empty line).
func prefixLines(s, prefix, blank string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = blank
			continue
		}
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// escapeText makes an author's words plain words: every character that opens structure
// anywhere is escaped, and at a line's start what opens it there; bare links are broken.
func escapeText(s string, lineStart bool) string {
	s = unlink(escaper.Replace(s))
	if lineStart {
		return escapeStart(s)
	}
	return s
}

// escapeStart escapes what opens structure at the start of a line: a heading, a quote, a
// list marker, a setext underline, an ordered-list number.
func escapeStart(line string) string {
	if line == "" {
		return line
	}
	switch line[0] {
	case '-', '+', '=', '#', '>':
		return `\` + line
	}
	i := 0
	for i < len(line) && i < 9 && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	if i > 0 && i < len(line) && (line[i] == '.' || line[i] == ')') && (i+1 == len(line) || line[i+1] == ' ') {
		return line[:i] + `\` + line[i:]
	}
	return line
}

// Words is untrusted markdown as its words only, escaped for a place inside war-room's own
// markup (a bold name, a heading): the author's emphasis and code marks are dropped, so
// they cannot close war-room's.
func Words(s string) string {
	src := []byte(normalise(Plain(s)))
	return Plain(escapeText(strings.Join(strings.Fields(string(plainText(parse(src), src))), " "), true))
}
