package discussions

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/war-room/war-room/engine"
)

// The verifiable record is published after the phase comments: the session's sealed record,
// every contribution verbatim and decision.json, as JSON in collapsed comments, split as
// GitHub's comment size requires. Anyone can recompute the root from what GitHub serves
// (war-room verify --repo … --discussion N). The JSON escapes '<', '>' and '&', and sits in a
// code fence longer than any run of backticks in it, so no text in it renders as anything
// but text; a marker inside it is never read (markers are read from a comment's first line).

// partRecordPrefix names the record comments: record-1, record-2, …
const partRecordPrefix = "record-"

// recordLine and recordChunk bound the lines and the JSON per comment, well inside GitHub's
// 65,536 characters.
const (
	recordLine  = 100
	recordChunk = 60000
)

// publishedRecord is the record as published: the sealed record, and the SHA-256 of every
// comment published with it (the body as "body", each phase comment by its part name), so
// that `verify` finds a word edited in anything a person reads. The seal is made before the
// decision is rendered, so the digests sit beside it, not inside its root.
type publishedRecord struct {
	*engine.PublishedRecord
	Published map[string]string `json:"published,omitempty"`
}

// digests are the SHA-256 of the body and of each comment rendered so far.
func digests(r rendered) map[string]string {
	out := map[string]string{partBody: digestOf(r.Body)}
	for _, c := range r.Comments {
		out[c.Name] = digestOf(c.Body)
	}
	return out
}

// digestOf hashes a published text as GitHub serves it back: line ends and the white space
// around it are not the author's to vouch for.
func digestOf(body string) string {
	body = strings.TrimSpace(strings.ReplaceAll(body, "\r\n", "\n"))
	sum := sha256.Sum256([]byte(body))
	return hex.EncodeToString(sum[:])
}

// renderRecord splits the published record into its comments.
func renderRecord(sessionID string, rec *engine.PublishedRecord, published map[string]string) []Part {
	raw, err := json.Marshal(publishedRecord{rec, published}) // escapes <, > and &: no text inside can open HTML
	if err != nil {
		panic(fmt.Sprintf("discussions: encode the record: %v", err)) // plain data: cannot fail
	}
	payload := asciiJSON(raw)
	fence := strings.Repeat("`", max(4, longestRun(payload, '`')+1))
	var chunks []string
	for len(payload) > 0 {
		n := min(recordChunk, len(payload))
		chunks, payload = append(chunks, payload[:n]), payload[n:]
	}
	parts := make([]Part, len(chunks))
	for i, c := range chunks {
		name := fmt.Sprintf("%s%d", partRecordPrefix, i+1)
		var b strings.Builder
		b.WriteString(Marker{Session: sessionID, Part: name}.String() + "\n")
		fmt.Fprintf(&b, "<details><summary>Verifiable record, part %d of %d (root <code>%s</code>)</summary>\n\n",
			i+1, len(chunks), rec.Seal.Root)
		b.WriteString(fence + "json\n")
		for len(c) > 0 {
			n := min(recordLine, len(c))
			b.WriteString(c[:n] + "\n")
			c = c[n:]
		}
		b.WriteString(fence + "\n\n</details>\n")
		parts[i] = Part{Name: name, Body: b.String()}
	}
	return parts
}

// asciiJSON writes every non-ASCII character of encoded JSON as a \u escape (a pair for
// characters outside the BMP), so the payload can be cut into lines at any byte without
// splitting a character, and reads back to the same value. Inside strings it escapes '/'
// and '_' as well: cut at any byte, no line of the record can then begin with a "/war-room"
// command a quoted question carried, and no GitHub token pasted into the question (ghp_…,
// github_pat_…) appears in the record as it was written. ('-' stays: a time's own decoder
// reads its string without unescaping it.)
func asciiJSON(raw []byte) string {
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

// longestRun is the longest run of c in s.
func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// recordPayload is the JSON a record comment carries: the lines between its fences, joined.
func recordPayload(body string) (string, bool) {
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
