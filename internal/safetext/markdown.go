package safetext

import (
	"regexp"
	"strings"
)

// escaper escapes the characters that open markdown structure wherever they stand: emphasis,
// code, links and images (a link needs its "["), raw HTML and autolinks, entities, tables,
// strikethrough, math, and the backslash itself. CommonMark renders a backslash-escaped ASCII
// punctuation character as itself, so a reader sees the text unchanged. Characters that open
// structure only at the start of a line are escaped by escapeLine.
var escaper = strings.NewReplacer(
	`\`, `\\`, "`", "\\`", `*`, `\*`, `_`, `\_`, `[`, `\[`, `<`, `\<`,
	`|`, `\|`, `~`, `\~`, `&`, `\&`, `$`, `\$`)

// Inline makes untrusted text fit to sit inside war-room's own markdown as a phrase: a table
// cell, a list item, a sentence. It is Plain, put on one line, with every character that could
// open markdown structure escaped; nothing in it can become a heading, a list, a link, an
// image, HTML or a cell boundary.
func Inline(s string) string {
	return escapeLine(strings.Join(strings.Fields(Plain(s)), " "))
}

// Quote renders untrusted multi-line text as a blockquote that it cannot leave: every line
// starts with "> " and is escaped as Inline's are, blank lines are kept as ">" so the quote
// runs on, and the result has no trailing newline. An empty text quotes as "".
//
// A fenced code block was the other container; it does not wrap long lines, and the prose
// models write is read better wrapped.
func Quote(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\t", " ").Replace(Plain(s))
	var out []string
	blank := false
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			if !blank && len(out) > 0 {
				out = append(out, ">")
			}
			blank = true
			continue
		}
		blank = false
		out = append(out, "> "+escapeLine(line))
	}
	return strings.Join(out, "\n")
}

// wwwRE and emailRE find what GitHub turns into a link without any markup: "www." hosts and
// e-mail addresses; "://" is broken apart for the URLs with a scheme. Text from a model or an
// outsider is shown, never linked: a reader copies a URL on purpose rather than following
// one a model chose.
var (
	wwwRE   = regexp.MustCompile(`(?i)\b(www)\.`)
	emailRE = regexp.MustCompile(`([A-Za-z0-9._%+-])@([A-Za-z0-9])`)
)

// unlink keeps bare URLs and e-mail addresses from becoming links.
func unlink(line string) string {
	line = strings.ReplaceAll(line, "://", ":/"+zwj+"/")
	line = wwwRE.ReplaceAllString(line, "${1}"+zwj+".")
	return emailRE.ReplaceAllString(line, "${1}@"+zwj+"${2}")
}

// escapeLine escapes one line: the characters that open structure anywhere, then what opens
// it only at the start of a line (a list marker, a setext underline, an ordered-list number).
func escapeLine(line string) string {
	line = unlink(escaper.Replace(line))
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
