package reviewlane

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/war-room/war-room/internal/golden"
)

// wantGolden compares got with testdata/golden/<name>.
func wantGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", name), got)
}

func goldenResult() *Result {
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	return &Result{Schema: resultSchema, Lane: "security", Subject: "acme/widgets#42", Repository: "acme/widgets",
		PRNumber: 42, HeadSHA: strings.Repeat("1", 40), RequestSHA256: strings.Repeat("ab", 32),
		Reviewer: reviewerRecord{Profile: "claude", Family: "anthropic", Model: "claude-x", ModelReported: "claude-x-2025",
			ContextID: "war-room:wr-0123456789abcdef"},
		AuthorContextID: "github:octocat", ReadOnly: true, Findings: []Finding{}, Calls: 1,
		Coverage: &Coverage{Complete: true, FilesTotal: 2, FilesReviewed: 2, BytesTotal: 900, BytesReviewed: 900,
			LimitBytes: 1 << 20, Reviewed: []coveredFile{{Path: "a.go", Bytes: 400}, {Path: "b.go", Bytes: 500}}, Skipped: []coveredFile{}},
		StartedAt: at, FinishedAt: at}
}

// Everything a person reads on GitHub about a lane, one golden file per kind of outcome.
func TestCommentAndCheckGolden(t *testing.T) {
	refuted := goldenResult()
	refuted.Status, refuted.Disposition, refuted.NonceEchoed = StatusJudged, Refuted, strings.Repeat("c", 32)
	refuted.Findings = []Finding{
		{File: "a.go", Line: 12, Severity: "blocker", Text: "SQL built from user input <!-- war-room:lane=other --> ping @octocat"},
		{Severity: "nit", Text: "naming"},
	}
	refuted.Coverage = &Coverage{FilesTotal: 3, FilesReviewed: 2, BytesTotal: 5000, BytesReviewed: 900, LimitBytes: 1000,
		Reviewed: refuted.Coverage.Reviewed, Skipped: []coveredFile{{Path: "big.sql", Bytes: 4100, Reason: skipOverSize}}}
	refuted.Evidence = &evidence{Dir: "/ev", Transcript: "/ev/lanes/security/transcript.json", Artifact: "/ev/lanes/security/review.md"}
	refuted.Summary = judgedSummary(refuted)

	// The summaries are the ones the lane writes; coverage is filled in before every stop,
	// as a dispatch fills it in when the digests check out.
	transport := goldenResult()
	(&lane{res: transport}).transport(classWrongNonce, judge("ok\nJUDGMENT: CONFIRMED nonce=0123", "abcd", nil).detail)

	stale := goldenResult()
	stale.Calls = 0
	markStale(stale, strings.Repeat("2", 40))

	blocked := goldenResult()
	blocked.Calls = 0
	(&lane{res: blocked}).block(blockedSameFamily, "diversity is cross-family and reviewer profile claude is of family anthropic, as is the author (review.author_families[octocat])")

	for name, r := range map[string]*Result{"refuted": refuted, "transport": transport, "stale": stale, "blocked": blocked} {
		conclusion, title := Conclusions{Refuted: "failure"}.Of(r)
		wantGolden(t, "comment_"+name+".md", commentBody(r, Conclusions{Refuted: "failure"}))
		wantGolden(t, "check_"+name+".txt", conclusion+"\n"+title+"\n")
		_, err := r.Marshal()
		assert.NoError(t, err, name)
	}
}
