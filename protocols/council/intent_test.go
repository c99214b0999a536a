package council

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/provider/script"
)

func intentSession(t *testing.T, intent *Intent) (*decision.Decision, *script.Provider) {
	t.Helper()
	return convenedSession(t, openStore(t, ""), team(nil), NewSection(), Env{Intent: intent}, "wr-intent000000001")
}

// Without an intent file the steward drafts a provisional intent, marked as such; its
// converge-time assessment turns the selected option's failure into a trip-wire.
func TestProvisionalIntentFailuresBecomeTripWires(t *testing.T) {
	d, p := intentSession(t, nil)
	assert.Contains(t, prompts(p, steward), "No intent file was given. Draft the asker's intent")
	assert.NotContains(t, prompts(p, architect), "No intent file was given", "only the principal-proxy seat drafts it")
	assert.Contains(t, prompts(p, steward), "Intent 2: The change can be rolled back within a day.")
	assert.Contains(t, d.WhatWouldChangeMind, "Reopen if intent item 2 (The change can be rolled back within a day.) is still unmet: "+
		"the steward found the decision fails it — nobody showed how to roll the queue back")
	assert.Contains(t, d.Notes, "The steward assessed the decision against a provisional intent it drafted from the question "+
		"(no .github/war-room/intent.md was given): 1 pass, 1 fail, 0 unknown.")
	assert.Contains(t, d.Metrics["footer"], "· 2 open trip-wires")
}

// A durable intent file reaches the steward, fenced, and the decision is assessed against it.
func TestDurableIntentReachesTheSteward(t *testing.T) {
	in, err := NewIntent(IntentFile, "# Intent\n\n- Nightly billing finishes by 06:00.\n- No new paid service.\n")
	require.NoError(t, err)
	d, p := intentSession(t, in)
	steward := prompts(p, steward)
	assert.Regexp(t, `<<<BEGIN intent \.github/war-room/intent\.md [0-9a-f]{16}>>>\n# Intent\n\n- Nightly billing finishes by 06:00\.`, steward)
	assert.NotContains(t, steward, "No intent file was given")
	for _, role := range []string{architect, skeptic, Clerk, Arbiter} {
		assert.NotContains(t, prompts(p, role), "Nightly billing finishes by 06:00", "%s read the intent file", role)
	}
	assert.Contains(t, d.WhatWouldChangeMind, "Reopen if intent item 2 (No new paid service.) is still unmet: "+
		"the steward found the decision fails it — nobody showed how to roll the queue back")
	assert.Contains(t, d.Notes, "The steward assessed the decision against the intent in .github/war-room/intent.md: 1 pass, 1 fail, 0 unknown.")
}

func TestAlignmentMustCoverEveryItemAndOption(t *testing.T) {
	ok := "- Intent 1 / Option 1: pass — yes\n- Intent 1 / Option 2: **fail** — no\n"
	got, err := parseAlignment(ok, 1, 2)
	require.NoError(t, err)
	assert.Equal(t, verdictFail, got[1].Verdict)
	for body, want := range map[string]string{
		"- Intent 1 / Option 1: pass":                                 "covers 1 of the 2 pairs",
		ok + "- Intent 1 / Option 2: pass":                            "assessed twice",
		"- Intent 1 / Option 1: pass\n- Intent 2 / Option 2: pass":    "Intent 2 is not an intent item",
		"- Intent 1 / Option 1: serves\n- Intent 1 / Option 2: pass":  "is not an assessment",
		"- Intent 1 / Option 1: pass\n- Intent 1 / Option 3: unknown": "option 3 is not on the docket",
	} {
		_, err := parseAlignment(body, 1, 2)
		if assert.Error(t, err, body) {
			assert.True(t, strings.Contains(err.Error(), want), "%q: %v", body, err)
		}
	}
	_, err = NewIntent("intent.md", "   \n")
	assert.ErrorContains(t, err, "states no intent")
}
