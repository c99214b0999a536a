package githubfake

import (
	"fmt"
	"net/http"
)

// GitHub's messages for a review comment it cannot place, as observed in public reports
// (the create-review endpoint lists them as plain strings): a path the diff at that commit
// does not touch, a line outside its hunks, a range that spans hunks.
const (
	msgPathUnresolved = "Path could not be resolved"
	msgLineUnresolved = "Line could not be resolved"
	msgStartOtherHunk = "Pull request review thread start line must be part of the same hunk as the line."
)

// draftComments reads the comments array of a create-review body and anchors each in the
// diff at the review's commit. Any failure answers for the whole request.
func (f *Fake) draftComments(w http.ResponseWriter, rv *review, raw any) ([]*reviewComment, bool) {
	if raw == nil {
		return nil, true
	}
	items, isList := raw.([]any)
	if !isList {
		invalid(w, "For 'properties/comments', "+show(raw)+" is not an array.")
		return nil, false
	}
	diff := parseDiff(rv.pr.pull.diffs[rv.commitID])
	var out []*reviewComment
	for i, it := range items {
		m, isObj := it.(map[string]any)
		if !isObj {
			invalid(w, fmt.Sprintf("For 'items', %s is not an object.", show(it)))
			return nil, false
		}
		c, ok := f.draftComment(w, rv, diff, m, i)
		if !ok {
			return nil, false
		}
		out = append(out, c)
	}
	return out, true
}

func (f *Fake) draftComment(w http.ResponseWriter, rv *review, diff diffMap, m map[string]any, i int) (*reviewComment, bool) {
	path, _, ok := stringField(w, m, "path", true)
	if !ok {
		return nil, false
	}
	body, _, ok := stringField(w, m, "body", true)
	if !ok || !bodyOK(w, "PullRequestReviewComment", body) {
		return nil, false
	}
	c := &reviewComment{review: rv, author: rv.author, body: body, path: path, commitID: rv.commitID, subjectType: "line"}
	for _, k := range []struct {
		name string
		dst  *int
	}{{"line", &c.line}, {"start_line", &c.startLine}, {"position", &c.position}} {
		if !intField(w, m, k.name, i, k.dst) {
			return nil, false
		}
	}
	for _, k := range []struct {
		name string
		dst  *string
	}{{"side", &c.side}, {"start_side", &c.startSide}} {
		v, has, ok := stringField(w, m, k.name, false)
		if !ok {
			return nil, false
		}
		if has && v != "LEFT" && v != "RIGHT" {
			invalid(w, fmt.Sprintf("For 'properties/%s', %s is not a member of the allowed values.", k.name, show(v)))
			return nil, false
		}
		*k.dst = v
	}
	return c, f.anchor(w, c, diff[path])
}

// intField reads an optional integer field of comment i into dst.
func intField(w http.ResponseWriter, m map[string]any, name string, i int, dst *int) bool {
	v, has := m[name]
	if !has || v == nil {
		return true
	}
	n, isNum := v.(float64)
	if !isNum || n != float64(int(n)) {
		invalid(w, fmt.Sprintf("For 'properties/%s' of comment %d, %s is not an integer.", name, i, show(v)))
		return false
	}
	*dst = int(n)
	return true
}

// anchor places c in file (nil when the diff does not touch c.path): by position, or by
// line and side with start_line for a range, which must lie in the same hunk and before
// line. It fills the side defaults and the diff hunk.
func (f *Fake) anchor(w http.ResponseWriter, c *reviewComment, file *diffFile) bool {
	if file == nil {
		unprocessable(w, reviewDocs, msgPathUnresolved)
		return false
	}
	if c.position > 0 {
		l, ok := file.at(c.position)
		if !ok {
			unprocessable(w, reviewDocs, msgLineUnresolved)
			return false
		}
		c.line, c.side = max(l.new, l.old), map[bool]string{true: "LEFT", false: "RIGHT"}[l.kind == '-']
		c.diffHunk = file.hunkUpTo(l)
		return true
	}
	if c.side == "" {
		c.side = "RIGHT"
	}
	end, ok := file.line(c.side, c.line)
	if c.line <= 0 || !ok {
		unprocessable(w, reviewDocs, msgLineUnresolved)
		return false
	}
	c.position, c.diffHunk = end.position, file.hunkUpTo(end)
	if c.startLine == 0 {
		c.startSide = ""
		return true
	}
	if c.startSide == "" {
		c.startSide = c.side
	}
	start, ok := file.line(c.startSide, c.startLine)
	switch {
	case !ok:
		unprocessable(w, reviewDocs, msgLineUnresolved)
	case start.hunk != end.hunk:
		unprocessable(w, reviewDocs, msgStartOtherHunk)
	case start.position >= end.position:
		// the fake's wording: GitHub wants the start of a range before its end
		unprocessable(w, reviewDocs, "Pull request review thread start line must precede the end line.")
	default:
		return true
	}
	return false
}
