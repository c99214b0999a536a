package safetext

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A verifiable record is published as JSON that must read back byte for byte, so it is not
// made safe the way prose is (that would change it): it is written in ASCII with every
// character that could mean something to GitHub escaped (ASCIIJSON), cut into short lines
// inside a code fence longer than any run of backticks in it (JSONBlock), and read back by
// joining those lines (ReadJSONBlock).

// PublishedDigest is the SHA-256 (lowercase hex) of a published text as GitHub serves it
// back: line ends and the white space around it are not war-room's to vouch for, nor are the
// ticks of its task lists (a reader's marks: GitHub lets anyone who can write tick one, which
// rewrites the text). A record carries it for every text a person reads, so that verify finds
// a word edited there.
func PublishedDigest(body string) string {
	return digestOf(tickedItem.ReplaceAllString(strings.ReplaceAll(body, "\r\n", "\n"), "${1}[ ] "))
}

// PublishedMatches reports whether body, as GitHub serves it, is the text whose
// PublishedDigest a record holds as want. A record written before ticks were set aside holds
// the digest of the text with its ticks as they were, which still matches.
func PublishedMatches(body, want string) bool {
	return PublishedDigest(body) == want || digestOf(strings.ReplaceAll(body, "\r\n", "\n")) == want
}

func digestOf(body string) string {
	sum := sha256.Sum256([]byte(strings.TrimSpace(body)))
	return hex.EncodeToString(sum[:])
}

// tickedItem is a ticked task-list item as GitHub writes it when a box is clicked.
var tickedItem = regexp.MustCompile(`(?m)^([ \t]*[-*+] )\[[xX]\] `)

// jsonLine bounds a line of a JSONBlock.
const jsonLine = 100

// JSONFence is the fence for payload: four backticks at least, and longer than any run in it.
func JSONFence(payload string) string {
	return strings.Repeat("`", max(4, longestRun(payload, '`')+1))
}

// JSONBlock writes payload (ASCIIJSON's output, or a piece of it) in fence (JSONFence of the
// whole payload), cut into lines of at most 100 bytes.
func JSONBlock(fence, payload string) string {
	var b strings.Builder
	b.WriteString(fence + "json\n")
	for len(payload) > 0 {
		n := min(jsonLine, len(payload))
		b.WriteString(payload[:n] + "\n")
		payload = payload[n:]
	}
	b.WriteString(fence + "\n")
	return b.String()
}

// ASCIIJSON writes every non-ASCII character of encoded JSON as a \u escape (a pair for
// characters outside the BMP), so the payload can be cut into lines at any byte without
// splitting a character, and reads back to the same value. Inside strings it escapes '/'
// and '_' as well: cut at any byte, no line of the record can then begin with a "/war-room"
// command a quoted question carried, and no GitHub token pasted into the question (ghp_…,
// github_pat_…) appears in what is published as it was written. ('-' stays: a time's own decoder
// reads its string without unescaping it.)
func ASCIIJSON(raw []byte) string {
	var b strings.Builder
	b.Grow(len(raw))
	inString, escaped := false, false
	for _, r := range string(raw) {
		switch {
		case escaped:
			escaped = false
			b.WriteRune(r)
		case inString && r == '\\':
			escaped = true
			b.WriteRune(r)
		case r == '"':
			inString = !inString
			b.WriteRune(r)
		case inString && (r == '/' || r == '_'):
			fmt.Fprintf(&b, "\\u%04x", r)
		case r < utf8.RuneSelf:
			b.WriteByte(byte(r))
		case r > 0xFFFF:
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&b, "\\u%04x\\u%04x", hi, lo)
		default:
			fmt.Fprintf(&b, "\\u%04x", r)
		}
	}
	return b.String()
}

// ReadJSONBlock is the JSON a published text carries in its first JSONBlock: the lines
// between its fences, joined.
func ReadJSONBlock(body string) (string, bool) {
	lines := strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "````") && strings.HasSuffix(l, "json") {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return "", false
	}
	fence := strings.TrimSuffix(lines[start-1], "json")
	var b strings.Builder
	for _, l := range lines[start:] {
		if l == fence {
			return b.String(), true
		}
		b.WriteString(l)
	}
	return "", false
}
