package reviewlane

import (
	"strings"
	"testing"
)

// What a person reads of a lane's review: its body (the marker with the body and outdated
// fingerprints, the findings not on their lines with why, the outdated ones, the count kept
// in the check run, the coverage manifest) and a line comment.
func TestReviewGolden(t *testing.T) {
	r := goldenResult()
	r.Status, r.Disposition = StatusJudged, Refuted
	r.Coverage = &Coverage{FilesTotal: 3, FilesReviewed: 2, BytesTotal: 5000, BytesReviewed: 900, LimitBytes: 1000,
		Reviewed: r.Coverage.Reviewed, Skipped: []coveredFile{{Path: "big.sql", Bytes: 4100, Reason: skipOverSize}}}
	r.Findings = []Finding{
		{File: "a.go", Line: 12, Severity: "blocker", Text: "SQL built from user input <!-- war-room:x --> ping @octocat", InDiff: true, Fingerprint: "00000000000000a1"},
		{File: "a.go", StartLine: 3, Line: 5, Severity: "major", Text: "the loop never ends", InDiff: true, Fingerprint: "00000000000000a2"},
		{File: "b.go", Line: 90, Severity: "major", Text: "no test covers the error path", Fingerprint: "00000000000000b1"},
		{Severity: "minor", Text: "the change has no description", Fingerprint: "00000000000000c1"},
		{File: "a.go", Line: 7, Severity: "nit", Text: "naming", InDiff: true, Fingerprint: "00000000000000d1"},
		{File: "a.go", Line: 1, Severity: "major", Text: "already open", InDiff: true, Fingerprint: "00000000000000e1"},
	}
	r.Summary = judgedSummary(r)
	before := prior{open: map[string]posted{
		"00000000000000e1": {path: "a.go", line: 1, url: "https://github.com/acme/widgets/pull/42#discussion_r1", text: "**major** · war-room review / security: already open", head: strings.Repeat("0", 40)},
		"00000000000000f1": {path: "a.go", startLine: 20, line: 22, url: "https://github.com/acme/widgets/pull/42#discussion_r2", text: "**minor** · war-room review / security: fixed since", head: strings.Repeat("0", 40)},
		"00000000000000f2": {url: "https://github.com/acme/widgets/pull/42#pullrequestreview-3", head: strings.Repeat("0", 40)},
	}}
	d := planReview(r, publishOptions{MaxComments: 1}.withDefaults(), before).draft(r, publishOptions{}.withDefaults())
	wantGolden(t, "review_body.md", d.Body)
	var comments strings.Builder
	for _, c := range d.Comments {
		comments.WriteString(c.Path + ":" + itoaRange(c.StartLine, c.Line) + "\n" + c.Body + "\n\n")
	}
	wantGolden(t, "review_comments.md", comments.String())
}

func itoaRange(start, line int) string {
	s := strings.TrimPrefix(location(Finding{File: "x", StartLine: start, Line: line}), " `x:")
	return strings.TrimSuffix(s, "`")
}
