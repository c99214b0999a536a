package reviewlane

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/githubfake"
)

// widgetDiff adds widget.go with lines; the head has exactly these lines.
func widgetDiff(lines ...string) string {
	d := "diff --git a/widget.go b/widget.go\nnew file mode 100644\nindex 0000000..1111111\n--- /dev/null\n+++ b/widget.go\n"
	d += "@@ -0,0 +1," + strconv.Itoa(len(lines)) + " @@\n"
	for _, l := range lines {
		d += "+" + l + "\n"
	}
	return d
}

// runLane builds and dispatches one lane "gpt" at head, the reviewer answering text.
func runLane(t *testing.T, g *ghFixture, head, text string) []*Result {
	t.Helper()
	b, err := BuildFromPR(context.Background(), g.client, ghRepo, g.number, PullOptions{HeadSHA: head},
		prOptions(t, laneSpec{Name: "gpt", Profile: "gpt", Family: "openai"}))
	require.NoError(t, err)
	gpt := scripted("openai", answer(text+"\nJUDGMENT: REFUTED nonce="+echoTrueNonce))
	results, err := dispatcher(t, g.heads(), engine.Profiles{"gpt": gpt}).DispatchAll(context.Background(), b.Requests)
	require.NoError(t, err)
	require.Equal(t, StatusJudged, results[0].Status, results[0].Summary)
	return results
}

func ourComments(g *ghFixture) []githubfake.ReviewComment {
	return g.fake.ReviewComments(ghRepo, g.number)
}

// The must-show of findings on lines, against the fake from build to publish: three
// findings on lines of the diff become three comments of one COMMENT review, on their
// lines; the one off the diff is in its body; the nit below min_severity is in the check
// run only. A re-run on the same head posts nothing new. A push that fixes one line leaves
// the other two comments open and notes the fixed one as outdated in the next review; a
// result for a head the pull request has left posts no review.
func TestLaneFindingsOnLinesAcrossRunsAndPushes(t *testing.T) {
	v1 := widgetDiff("package widget", "", "func Spin() { spin(0) }", "func Stop() { stop(nil) }", "func Wait() { wait(-1) }")
	g := newGHFixture(t, githubfake.PullSpec{Diff: v1})
	answer1 := "FINDING: major widget.go:3 Spin passes a zero speed\n" +
		"FINDING: minor widget.go:4 Stop passes nil\n" +
		"FINDING: blocker widget.go:4-5 Stop and Wait share no timeout\n" +
		"FINDING: major widget.go:40 the file has no test\n" +
		"FINDING: nit widget.go:3 the name Spin says little\n" +
		"Not acceptable."
	results := runLane(t, g, headSHA, answer1)
	opts := publishOptions{RefutedConclusion: "failure"}
	require.NoError(t, PublishWith(context.Background(), g.client, g.heads(), botLogin, results, opts))

	reviews := g.fake.Reviews(ghRepo, g.number)
	require.Len(t, reviews, 1, "one review for the lane and head")
	rv := reviews[0]
	assert.Equal(t, "COMMENTED", rv.State)
	assert.Equal(t, headSHA, rv.CommitID)
	assert.Equal(t, botLogin, rv.Author)
	comments := ourComments(g)
	require.Len(t, comments, 3)
	type anchor struct {
		path        string
		start, line int
		side        string
	}
	var got []anchor
	for _, c := range comments {
		assert.Equal(t, rv.ID, c.ReviewID)
		assert.Equal(t, headSHA, c.CommitID)
		got = append(got, anchor{c.Path, c.StartLine, c.Line, c.Side})
	}
	// The blocker gets its line first; each comment is on the line (or range) it concerns.
	assert.Equal(t, []anchor{{"widget.go", 4, 5, "RIGHT"}, {"widget.go", 0, 3, "RIGHT"}, {"widget.go", 0, 4, "RIGHT"}}, got)
	assert.Contains(t, comments[0].Body, "Stop and Wait share no timeout")
	assert.Contains(t, comments[1].Body, "Spin passes a zero speed")
	assert.Contains(t, comments[2].Body, "Stop passes nil")
	for i, f := range []int{2, 0, 1} {
		m, ok := parseMarker(comments[i].Body, "finding")
		require.True(t, ok, comments[i].Body)
		assert.Equal(t, map[string]string{"lane": "gpt", "fp": results[0].Findings[f].Fingerprint, "sha": headSHA}, m)
	}
	assert.Contains(t, rv.Body, "`widget.go:40` the file has no test ("+inBodyOffDiff+")", "the finding off the diff is in the body")
	assert.Contains(t, rv.Body, "1 finding(s) below review.min_severity (minor) are in the check run only")
	assert.Contains(t, rv.Body, "Coverage: 1 of 1 files")
	for _, c := range comments {
		assert.NotContains(t, c.Body, "says little")
	}
	assert.NotContains(t, rv.Body, "says little", "the nit is in the check run only")
	runs := g.fake.CheckRuns(ghRepo)
	require.Len(t, runs, 1)
	assert.Contains(t, runs[0].Summary, "the name Spin says little")
	require.Len(t, runs[0].Annotations, 5, "every finding is an annotation")
	assert.Equal(t, map[string]any{"path": "widget.go", "start_line": float64(3), "end_line": float64(3),
		"annotation_level": "notice", "title": "nit · war-room review / gpt", "message": "the name Spin says little"}, runs[0].Annotations[4])

	// A re-run on the same head: a new lane run, the same answer; nothing new is posted.
	again := runLane(t, g, headSHA, answer1)
	require.NoError(t, PublishWith(context.Background(), g.client, g.heads(), botLogin, again, opts))
	assert.Len(t, g.fake.Reviews(ghRepo, g.number), 1, "no second review")
	assert.Len(t, ourComments(g), 3, "no comment again")
	assert.Len(t, g.fake.CheckRuns(ghRepo)[0].Annotations, 5, "no annotation again")

	// A push adds a line on top (every line moves down by one) and fixes Stop; the reviewer
	// no longer reports the nil, still reports the rest where the lines now are.
	v2 := widgetDiff("package widget", "// Package widget spins.", "", "func Spin() { spin(0) }", "func Stop() { stop(ctx) }", "func Wait() { wait(-1) }")
	g.fake.MovePullHead(ghRepo, g.number, movedSHA, v2)
	pushed := runLane(t, g, movedSHA, "FINDING: major widget.go:4 Spin passes a zero speed.\n"+
		"FINDING: major widget.go:41 the file has no test\n"+
		"FINDING: blocker widget.go:5-6 Stop and Wait share no timeout\nStill not acceptable.")
	// The blocker's range now covers other code (Stop was fixed): it is another finding.
	require.NoError(t, PublishWith(context.Background(), g.client, g.heads(), botLogin, pushed, opts))
	reviews = g.fake.Reviews(ghRepo, g.number)
	require.Len(t, reviews, 2, "one review for the new head")
	second := reviews[1]
	assert.Equal(t, movedSHA, second.CommitID)
	after := ourComments(g)
	require.Len(t, after, 4, "the old comments stay; only the range on new code is posted")
	assert.Equal(t, anchor{"widget.go", 5, 6, "RIGHT"}, anchor{after[3].Path, after[3].StartLine, after[3].Line, after[3].Side})
	assert.Contains(t, second.Body, "Outdated: no longer reported at `"+short(movedSHA)+"`")
	assert.Contains(t, second.Body, "`widget.go:4` ([comment](")
	assert.Contains(t, second.Body, "Stop passes nil")
	assert.Contains(t, second.Body, "`widget.go:4-5` ([comment](", "the old range, on the code it no longer has")
	assert.NotContains(t, second.Body, "zero speed", "still open: not posted again")
	assert.NotContains(t, second.Body, "has no test", "still open in the first review's body")

	// What is open now: the Spin comment, the new range and the body finding; the nil and
	// the old range are outdated.
	list, err := g.client.Reviews(context.Background(), ghRepo, g.number)
	require.NoError(t, err)
	rcs, err := g.client.ReviewComments(context.Background(), ghRepo, g.number)
	require.NoError(t, err)
	open := priorOf("gpt", "", botLogin, list, rcs).open
	assert.Len(t, open, 3)
	assert.Contains(t, open, pushed[0].Findings[0].Fingerprint, "the Spin comment is still open")
	assert.Contains(t, open, pushed[0].Findings[1].Fingerprint, "the body finding is still open")
	assert.Contains(t, open, pushed[0].Findings[2].Fingerprint, "the new range is open")

	// A result for the old head, published late, posts no review.
	require.NoError(t, PublishWith(context.Background(), g.client, g.heads(), botLogin, results, opts))
	assert.Len(t, g.fake.Reviews(ghRepo, g.number), 2)
	assert.Len(t, ourComments(g), 4)
}

// With review.max_comments 1 and a body-only lane, what does not get a line goes to the body;
// review.min_severity keeps a nit off the pull request by default, and lets it on at nit.
func TestLaneNoiseControls(t *testing.T) {
	v1 := widgetDiff("package widget", "func A() {}", "func B() {}")
	for _, c := range []struct {
		name     string
		opts     publishOptions
		comments int
		why      string
	}{
		{"max comments", publishOptions{MinSeverity: "nit", MaxComments: 1}, 1, inBodyPastMax},
		{"body only", publishOptions{MinSeverity: "nit", BodyOnly: map[string]bool{"gpt": true}}, 0, inBodyNoInline},
		{"default threshold", publishOptions{}, 1, ""},
		{"nit threshold", publishOptions{MinSeverity: "nit"}, 2, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newGHFixture(t, githubfake.PullSpec{Diff: v1})
			results := runLane(t, g, headSHA, "FINDING: minor widget.go:2 A is empty\nFINDING: nit widget.go:3 B is empty\nWhy.")
			require.NoError(t, PublishWith(context.Background(), g.client, g.heads(), botLogin, results, c.opts))
			assert.Len(t, ourComments(g), c.comments)
			rv := g.fake.Reviews(ghRepo, g.number)
			require.Len(t, rv, 1)
			if c.why != "" {
				assert.Contains(t, rv[0].Body, "("+c.why+")")
			} else {
				assert.NotContains(t, rv[0].Body, "New findings not on their lines")
			}
		})
	}
}

// When GitHub will not anchor a comment (its diff is not the one the lane was shown), the
// review is made all the same with every finding in its body.
func TestLaneReviewFallsBackToTheBodyOn422(t *testing.T) {
	g := newGHFixture(t, githubfake.PullSpec{Diff: prDiff})
	r := goldenResult()
	r.Repository, r.PRNumber, r.HeadSHA, r.Lane = ghRepo, g.number, headSHA, "gpt"
	r.Status, r.Disposition = StatusJudged, Refuted
	r.Findings = []Finding{{File: "widget.go", Line: 9, Severity: "major", Text: "said to be in the diff", InDiff: true, Fingerprint: "00000000000000aa"}}
	require.NoError(t, publishOne(context.Background(), g.client, g.heads(), botLogin, r, "failure"))
	rv := g.fake.Reviews(ghRepo, g.number)
	require.Len(t, rv, 1)
	assert.Empty(t, ourComments(g))
	assert.Contains(t, rv[0].Body, "said to be in the diff ("+inBodyRefused+")")
	var refused int
	for _, c := range g.fake.Calls() {
		if c.Method == "POST" && strings.HasSuffix(c.Path, "/reviews") && c.Status == 422 {
			refused++
		}
	}
	assert.Equal(t, 1, refused, "GitHub refused the first draft")
}
