package reviewlane

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/config"
)

// Two lanes, correctness and security: their tasks differ by the focus and by nothing else
// but the nonce, and their reports name it; a lane with no focus says it reviews the whole
// contract.
func TestLanesWithAFocusAreInstructedByIt(t *testing.T) {
	task := func(focus, nonce string) string {
		l := &lane{d: &Dispatcher{}, req: &request{Nonce: nonce, HeadSHA: "0123", Subject: "acme/widgets#1", Focus: focus},
			res: &Result{Coverage: &Coverage{Complete: true}}, diff: &scanned{text: anchorDiff}}
		return l.task()
	}
	correctness, security := task("correctness", "n1"), task("security", "n2")
	assert.True(t, strings.HasPrefix(correctness, "This lane's focus is correctness"))
	assert.True(t, strings.HasPrefix(security, "This lane's focus is security"))
	strip := func(s, focus, nonce string) string {
		return strings.ReplaceAll(strings.Replace(s, focusText(focus)+"\n\n", "", 1), nonce, "N")
	}
	assert.Equal(t, strip(correctness, "correctness", "n1"), strip(security, "security", "n2"), "only the focus differs")
	assert.Equal(t, strip(correctness, "correctness", "n1"), strings.ReplaceAll(task("", "n3"), "n3", "N"), "no focus: the same task without it")

	assert.Contains(t, Report(&Result{Focus: "security", Reviewer: reviewerRecord{Profile: "p"}}), "- Focus: security\n")
	assert.Contains(t, Report(&Result{Reviewer: reviewerRecord{Profile: "p"}}), "- Focus: none (the whole contract)\n")
}

// The configuration accepts exactly the focuses reviewlane words.
func TestTheConfigurationKnowsEveryFocus(t *testing.T) {
	assert.Equal(t, Focuses(), config.LaneFocuses())
}
