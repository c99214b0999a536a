package discussions

import (
	"regexp"
	"strings"
)

// zwj is U+200D ZERO WIDTH JOINER. It is how published model text is defused: inserted after
// an "@" it stops GitHub from recognising a mention, inserted into "<!--" or "/war-room" it
// stops a marker or a command from being read, and it does all of that invisibly. Wrapping in
// backticks was the alternative; it would add visible characters inside code blocks and
// links, where a mention is harmless anyway, and would change the text people read.
const zwj = "\u200d"

// Redacted replaces a token-shaped secret in published text.
const Redacted = "[redacted secret]"

// secretPatterns match token-shaped secrets; the replacement keeps any named prefix group.
var secretPatterns = []struct {
	re   *regexp.Regexp
	repl string
}{
	// GitHub: fine-grained and classic PATs, OAuth, user-to-server, server-to-server (incl.
	// the stateless ghs_APPID_JWT form) and refresh tokens.
	{regexp.MustCompile(`\bgithub_pat_[A-Za-z0-9_]{20,}`), Redacted},
	{regexp.MustCompile(`\bgh[pousr]_[A-Za-z0-9_.\-]{20,}`), Redacted},
	// Anthropic, then OpenAI-style keys (sk-..., sk-proj-...).
	{regexp.MustCompile(`\bsk-ant-[A-Za-z0-9_\-]{16,}`), Redacted},
	{regexp.MustCompile(`\bsk-[A-Za-z0-9_\-]{16,}`), Redacted},
	// AWS access key ids, and a secret access key written next to its name.
	{regexp.MustCompile(`\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b`), Redacted},
	{regexp.MustCompile(`(?i)(aws_secret_access_key|secret_access_key|aws_secret)(["']?\s*[:=]\s*["']?)[A-Za-z0-9/+=]{40}`), "${1}${2}" + Redacted},
}

// mentionRE finds an "@" (or an HTML entity for it) that GitHub could read as the start of a
// mention: not preceded by a letter or digit (that would be an e-mail address) and followed
// by a login character.
var mentionRE = regexp.MustCompile(`(^|[^A-Za-z0-9])(@|&#0*64;|&#[xX]0*40;|&commat;)([A-Za-z0-9])`)

// commandRE finds "/war-room" where a command parser could see it: at the start of the text
// or after white space, a quote mark or a bracket (never inside a URL path).
var commandRE = regexp.MustCompile("(?i)(^|[\\s>(\\[`\"'])/(war-room)")

// Safe makes untrusted text (model output, a question quoted from an issue) fit to publish:
// token-shaped secrets are redacted, HTML comments are broken open (so no text can hide
// content or forge a war-room marker), "/war-room" commands are defused and @-mentions are
// neutralised so that nobody is notified. The text otherwise reads the same.
func Safe(s string) string {
	for _, p := range secretPatterns {
		s = p.re.ReplaceAllString(s, p.repl)
	}
	s = strings.ReplaceAll(s, "<!--", "<!-"+zwj+"-")
	s = commandRE.ReplaceAllString(s, "${1}/"+zwj+"${2}")
	return neutraliseMentions(s)
}

// neutraliseMentions inserts a zero-width joiner after every "@" that could start a mention.
// It loops because adjacent mentions ("@a @b") share the separating character.
func neutraliseMentions(s string) string {
	for {
		next := mentionRE.ReplaceAllString(s, "${1}@"+zwj+"${3}")
		if next == s {
			return s
		}
		s = next
	}
}

// cell makes text safe to put in one markdown table cell: one line, pipes escaped.
func cell(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "|", `\|`)
}
