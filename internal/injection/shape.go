package injection

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Shape is what a published body is made of as GitHub renders it (CommonMark with GitHub's
// extensions), read by a real markdown parser rather than by the sanitiser's own rules.
type Shape struct {
	// Headings are "h2 Question", in order.
	Headings []string
	// Bold counts the bold phrases, how a record states its outcome and verdicts. Their words
	// may be a model's (an alternative's name), so only their number is part of the shape.
	Bold int
	// HTML is every raw HTML tag or block, verbatim.
	HTML []string
	// Links are the destinations of links and autolinks; Images those of images.
	Links, Images []string
	// Mentions are the @logins GitHub would notify, References what it would link to another
	// issue, pull request or discussion (#N, owner/repo#N, GH-N, their URLs).
	Mentions, References []string
	// Markers are the raw lines holding a war-room marker; Commands the raw lines a command
	// parser would read as "/war-room ..."; Verdicts the rendered lines that state a lane
	// judgment outside any quote.
	Markers, Commands, Verdicts []string
}

var (
	markdown    = goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Footnote))
	mentionRE   = regexp.MustCompile(`(?:^|[^A-Za-z0-9_])@([A-Za-z0-9][A-Za-z0-9-]*)`)
	referenceRE = regexp.MustCompile(`(?i)(?:[\w.-]+/[\w.-]+)?#[0-9]+|\bGH-[0-9]+|github\.com/[^\s/]+/[^\s/]+/(?:issues|pull|pulls|discussions)/[0-9]+`)
	commandRE   = regexp.MustCompile(`(?i)^[\s>]*/war-room\b`)
	verdictRE   = regexp.MustCompile(`(?i)^\s*(?:judgment|verdict)\s*:`)
)

// Structure is the shape without what a model may now shape by right: the count of bold
// phrases (a model's own emphasis is rendered as it wrote it) and the words of a <summary>
// line (war-room's label and the answer's first sentence, escaped). A summary holding any
// tag but war-room's <b> keeps its words, so a forged tag still changes the shape.
func (s Shape) Structure() Shape {
	s.Bold = 0
	s.HTML = slices.Clone(s.HTML)
	for i, h := range s.HTML {
		s.HTML[i] = summaryRE.ReplaceAllString(h, "<summary>…</summary>")
	}
	return s
}

var summaryRE = regexp.MustCompile(`<summary>(?:<b>[^<]*</b>)?[^<]*</summary>`)

// Parse reads body as GitHub would render it.
func Parse(body string) Shape {
	src := []byte(body)
	var s Shape
	var words strings.Builder
	doc := markdown.Parser().Parse(text.NewReader(src))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch v := n.(type) {
		case *ast.Heading:
			s.Headings = append(s.Headings, fmt.Sprintf("h%d %s", v.Level, plain(v, src)))
		case *ast.Emphasis:
			if v.Level == 2 {
				s.Bold++
			}
		case *ast.RawHTML:
			s.HTML = append(s.HTML, string(v.Segments.Value(src)))
		case *ast.HTMLBlock:
			s.HTML = append(s.HTML, strings.TrimSpace(string(v.Lines().Value(src))))
		case *ast.Link:
			s.Links = append(s.Links, string(v.Destination))
			return ast.WalkSkipChildren, nil
		case *ast.AutoLink:
			s.Links = append(s.Links, string(v.URL(src)))
			return ast.WalkSkipChildren, nil
		case *ast.Image:
			s.Images = append(s.Images, string(v.Destination))
			return ast.WalkSkipChildren, nil
		case *ast.CodeSpan, *ast.CodeBlock, *ast.FencedCodeBlock:
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			if _, prev := n.PreviousSibling().(*ast.Text); !prev {
				words.WriteString("\n")
			}
			words.Write(value(v.Segment.Value(src)))
			if v.SoftLineBreak() || v.HardLineBreak() {
				words.WriteString("\n")
			}
		case *ast.String:
			words.Write(v.Value)
		}
		return ast.WalkContinue, nil
	})
	for _, m := range mentionRE.FindAllStringSubmatch(words.String(), -1) {
		s.Mentions = append(s.Mentions, "@"+m[1])
	}
	s.References = referenceRE.FindAllString(words.String(), -1)
	for _, l := range s.Links {
		s.References = append(s.References, referenceRE.FindAllString(l, -1)...)
	}
	s.Verdicts = verdicts(doc, src)
	for _, line := range strings.Split(body, "\n") {
		if strings.Contains(line, "<!-- war-room:") {
			s.Markers = append(s.Markers, line)
		}
		if commandRE.MatchString(line) {
			s.Commands = append(s.Commands, line)
		}
	}
	return s
}

// verdicts are the paragraph lines outside every blockquote that state a judgment.
func verdicts(doc ast.Node, src []byte) []string {
	var out []string
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n.Kind() {
		case ast.KindBlockquote, ast.KindCodeBlock, ast.KindFencedCodeBlock:
			return ast.WalkSkipChildren, nil
		case ast.KindParagraph, ast.KindTextBlock:
			if entering {
				for _, line := range strings.Split(plain(n, src), "\n") {
					if verdictRE.MatchString(line) {
						out = append(out, line)
					}
				}
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return out
}

// plain is a node's text as a reader sees it: escapes undone, entities resolved.
func plain(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch v := c.(type) {
		case *ast.Text:
			b.Write(value(v.Segment.Value(src)))
			if v.SoftLineBreak() || v.HardLineBreak() {
				b.WriteString("\n")
			}
		case *ast.String:
			b.Write(v.Value)
		case *ast.CodeSpan:
			b.WriteString("`")
			for t := v.FirstChild(); t != nil; t = t.NextSibling() {
				if tt, ok := t.(*ast.Text); ok {
					b.Write(tt.Segment.Value(src))
				}
			}
			b.WriteString("`")
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

func value(raw []byte) []byte {
	return util.UnescapePunctuations(util.ResolveNumericReferences(util.ResolveEntityNames(raw)))
}
