package safetext

import (
	"regexp"
	"strings"
)

// zwj is U+200D ZERO WIDTH JOINER. It is how published text is defused: inserted after an
// "@" it stops GitHub from recognising a mention, after a "#" a reference, inside "<!--" or
// "/war-room" a marker or a command, and it does all of that invisibly, so the text reads
// the same. Wrapping in backticks was the alternative; it adds visible characters and does
// nothing for a plain-text title.
const zwj = "\u200d"

// mentionRE finds an "@" (or an HTML entity for it) that GitHub could read as the start of a
// mention: not preceded by a letter or digit (that would be an e-mail address) and followed
// by a login character.
var mentionRE = regexp.MustCompile(`(^|[^A-Za-z0-9])(@|&#0*64;|&#[xX]0*40;|&commat;)([A-Za-z0-9])`)

// commandRE finds "/war-room" where a command parser could see it: at the start of the text
// or after white space, a quote mark or a bracket (never inside a URL path).
var commandRE = regexp.MustCompile("(?i)(^|[\\s>(\\[`\"'])/(war-room)")

// referenceRE finds what GitHub links to another issue, pull request or discussion (and
// announces there): "#12", "owner/repo#12", "GH-12", and the same as an entity ("&#35;12").
var referenceRE = regexp.MustCompile(`(?i)(#|&#0*35;|&#x0*23;|&num;|\bGH-)([0-9])`)

// issueURLRE finds a URL of an issue, pull request or discussion on GitHub, which GitHub also
// turns into a cross-reference; a joiner in the host leaves it readable and unlinked.
var issueURLRE = regexp.MustCompile(`(?i)\b(github)(\.com/[^\s/]+/[^\s/]+/(?:issues|pull|pulls|discussions)/[0-9])`)

// schemeRE finds a scheme that runs code or smuggles content when a link is followed.
var schemeRE = regexp.MustCompile(`(?i)\b(javascript|vbscript|data)(\s*:)`)

// Plain makes untrusted text fit to publish where GitHub does not render markdown (a title,
// an annotation message): secrets redacted, HTML comments broken open so no text can forge a
// war-room marker, "/war-room" commands, mentions, references and script links defused.
func Plain(s string) string {
	s = Redact(s)
	s = strings.ReplaceAll(s, "<!--", "<!-"+zwj+"-")
	s = commandRE.ReplaceAllString(s, "${1}/"+zwj+"${2}")
	// Mentions first: "&#64;" is an entity for "@", not a reference to issue 64.
	s = neutraliseMentions(s)
	s = referenceRE.ReplaceAllString(s, "${1}"+zwj+"${2}")
	s = issueURLRE.ReplaceAllString(s, "${1}"+zwj+"${2}")
	return schemeRE.ReplaceAllString(s, "${1}"+zwj+"${2}")
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
