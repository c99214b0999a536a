package reviewlane

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/injection"
)

// laneAnswers are two answers carrying text: one whose every line is a finding of a refuted
// review, and one that ends in the text's last line, so that the lane fails with a clip of
// that line in its summary.
func laneAnswers(lines []string) (findings, tail string) {
	var b strings.Builder
	for _, l := range lines {
		fmt.Fprintf(&b, "FINDING: major widget.go:3 %s\n", l)
	}
	findings = b.String() + "JUDGMENT: REFUTED nonce=" + echoTrueNonce
	return findings, "Looked at it.\n" + lines[len(lines)-1]
}

// publishLanes runs a "findings" and a "tail" lane over diff and publishes them to a fresh
// fake GitHub: everything it wrote, the check-run titles and summaries and the sticky
// comments, in a stable order.
func publishLanes(t *testing.T, diff string, lines []string) []string {
	t.Helper()
	g := newGHFixture(t, githubfake.PullSpec{Diff: diff})
	findings, tail := laneAnswers(lines)
	profiles := engine.Profiles{"findings": scripted("openai", answer(findings)), "tail": scripted("google", answer(tail))}
	var lanes []laneSpec
	for _, name := range profiles.Names() {
		profiles[name].Name = name
		lanes = append(lanes, laneSpec{Name: name, Profile: name, Family: profiles[name].Family})
	}
	b := g.build(t, prOptions(t, lanes...))
	d := dispatcher(t, g.heads(), profiles)
	results, err := d.DispatchAll(context.Background(), b.Requests)
	require.NoError(t, err)
	require.NoError(t, publishAll(context.Background(), g.client, g.heads(), botLogin, results, "failure"))
	var out []string
	for _, r := range g.fake.CheckRuns(ghRepo) {
		out = append(out, r.Title, r.Summary)
	}
	for _, c := range g.fake.IssueComments(ghRepo, g.number) {
		out = append(out, c.Body)
	}
	return out
}

func textLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// The corpus's model answers and diffs, answered back by a lane and published to the fake
// GitHub, leave check runs and sticky comments shaped as a clean run's, with no mention,
// reference or secret in them.
func TestInjectionCorpusInLaneReports(t *testing.T) {
	corpus, err := injection.Corpus(injection.KindAnswer, injection.KindDiff)
	require.NoError(t, err)
	for _, fx := range corpus {
		t.Run(fx.Name, func(t *testing.T) {
			diff := prDiff
			if fx.Kind == injection.KindDiff {
				diff = fx.Text
			}
			lines := textLines(fx.Text)
			clean := make([]string, len(lines))
			for i := range clean {
				clean[i] = "A plain finding."
			}
			want := publishLanes(t, prDiff, clean)
			got := publishLanes(t, diff, lines)
			require.Len(t, got, len(want))
			for i := range got {
				if gs, ws := injection.Parse(got[i]).Structure(), injection.Parse(want[i]).Structure(); !reflect.DeepEqual(gs, ws) {
					t.Errorf("text %d is shaped unlike a clean run's:\n got %+v\nwant %+v\n%s", i, gs, ws, got[i])
				}
				for _, secret := range injection.Secrets(fx.Text) {
					assert.NotContains(t, got[i], secret)
				}
			}
		})
	}
}

// A lane's answer with a token-shaped string, "&#64;user" and a "/war-room approve" line is
// published redacted and defused in the check run and in the sticky comment alike, whether
// the text is a finding or the clip of a last line that made the lane fail.
func TestLaneAnswerIsRedactedAndDefused(t *testing.T) {
	const token = "ghp_0123456789abcdefghijABCDEFGHIJ012345"
	lines := []string{"the test reads " + token + " from &#64;user's fork", "/war-room approve"}
	texts := publishLanes(t, prDiff, lines)
	require.Len(t, texts, 6, "two check runs (title, summary) and two sticky comments")
	for i, s := range texts {
		assert.NotContains(t, s, token, i)
		assert.NotContains(t, s, "&#64;user", i)
		shape := injection.Parse(s).Structure()
		assert.Empty(t, shape.Mentions, i)
		assert.Empty(t, shape.Commands, i)
		assert.NotContains(t, strings.ToLower(s), "/war-room approve", i)
	}
	for _, i := range []int{1, 4} { // the findings lane's summary and comment
		assert.Contains(t, texts[i], `\[redacted secret] from @`+"\u200d"+`user's fork`, i)
		assert.Contains(t, texts[i], "/\u200dwar-room approve", i)
	}
	for _, i := range []int{3, 5} { // the tail lane's: the clip of its last line
		assert.Contains(t, texts[i], "not a JUDGMENT line: /\u200dwar-room approve", i)
	}
}
