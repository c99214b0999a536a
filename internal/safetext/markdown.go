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

// Quote renders untrusted markdown as a blockquote it cannot leave: the text is rendered by
// Markdown (as its author wrote it, from the allowlist) and every line of the result is
// quoted, blank lines as ">" so the quote runs on. The result has no trailing newline; an
// empty text quotes as "". It is for the places where a reader must see at a glance whose
// words these are (a reply on an issue, a check run's summary).
func Quote(s string) string {
	md := Markdown(s)
	if md == "" {
		return ""
	}
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = ">"
			continue
		}
		lines[i] = "> " + l
	}
	return strings.Join(lines, "\n")
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
	return escapeStart(unlink(escaper.Replace(line)))
}
