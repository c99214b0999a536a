package discussions

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/safetext"
)

// The verifiable record is published after the phase comments: the session's sealed record,
// every contribution verbatim and decision.json, as JSON in collapsed comments, split as
// GitHub's comment size requires. Anyone can recompute the root from what GitHub serves
// (war-room verify --repo … --discussion N). The JSON escapes '<', '>' and '&', and sits in a
// code fence longer than any run of backticks in it, so no text in it renders as anything
// but text; a marker inside it is never read (markers are read from a comment's first line).

// partRecordPrefix names the record comments: record-1, record-2, …
const partRecordPrefix = "record-"

// recordChunk bounds the JSON per comment, well inside GitHub's 65,536 characters.
const recordChunk = 60000

// publishedRecord is the record as published: the sealed record, and the SHA-256 of every
// comment published with it (the body as "body", each phase comment by its part name), so
// that `verify` finds a word edited in anything a person reads. The seal is made before the
// decision is rendered, so the digests sit beside it, not inside its root.
type publishedRecord struct {
	*verify.PublishedRecord
	Published map[string]string `json:"published,omitempty"`
}

// digests are the SHA-256 of the body and of each comment rendered so far.
func digests(r rendered) map[string]string {
	out := map[string]string{partBody: safetext.PublishedDigest(r.Body)}
	for _, c := range r.Comments {
		out[c.Name] = safetext.PublishedDigest(c.Body)
	}
	return out
}

// renderRecord splits the published record into its comments.
func renderRecord(sessionID string, rec *verify.PublishedRecord, published map[string]string) []Part {
	raw, err := json.Marshal(publishedRecord{rec, published}) // escapes <, > and &: no text inside can open HTML
	if err != nil {
		panic(fmt.Sprintf("discussions: encode the record: %v", err)) // plain data: cannot fail
	}
	payload := safetext.ASCIIJSON(raw)
	fence := safetext.JSONFence(payload)
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
		b.WriteString(safetext.JSONBlock(fence, c) + "\n</details>\n")
		parts[i] = Part{Name: name, Body: b.String()}
	}
	return parts
}
