package reviewlane

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const nonce = "00112233445566778899aabbccddeeff"

func TestJudgeRequiresExactFinalLine(t *testing.T) {
	cases := []struct {
		answer string
		class  transportClass
		disp   Disposition
	}{
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce, "", Confirmed},
		{"ok\nJUDGMENT: REFUTED nonce=" + nonce + "  \n\n", "", Refuted},
		{"ok\r\nJUDGMENT: CONFIRMED nonce=" + nonce + "\r\n", "", Confirmed},
		{"ok\njudgment: confirmed nonce=" + nonce, classMalformedMarker, ""},
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce + " (sure)", classMalformedMarker, ""},
		{"ok\n  JUDGMENT: CONFIRMED nonce=" + nonce, classMalformedMarker, ""},
		{"ok\nJUDGMENT: APPROVED nonce=" + nonce, classMalformedMarker, ""},
		{"ok\nJUDGMENT: CONFIRMED", classMalformedMarker, ""},
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce + "\nthanks", classMalformedMarker, ""},
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce[:31], classWrongNonce, ""},
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce + "0", classWrongNonce, ""},
		{"ok\n```\nJUDGMENT: CONFIRMED nonce=" + nonce + "\n```", classMalformedMarker, ""},
		{"   \n\n", classMissingEvidence, ""},
		{"JUDGMENT: CONFIRMED nonce=" + nonce, classMissingEvidence, ""},
	}
	for _, tc := range cases {
		v := judge(tc.answer, nonce, nil)
		assert.Equal(t, tc.class, v.class, "%q: %s", tc.answer, v.detail)
		assert.Equal(t, tc.disp, v.disposition, "%q", tc.answer)
	}
}

func TestFindingsOutsideFencesOnly(t *testing.T) {
	answer := "FINDING: major pkg/a.go:12 nil map write\n" +
		"FINDING: minor README.md wording\n" +
		"FINDING: nit overall the naming is inconsistent\n" +
		"FINDING: major Makefile the target is phony\n" +
		"```\nFINDING: blocker quoted.go:1 inside a fence, not a finding\n```\n" +
		"FINDING: severe not a severity\n" +
		"done\nJUDGMENT: REFUTED nonce=" + nonce
	v := judge(answer, nonce, map[string]bool{"Makefile": true})
	assert.Equal(t, Refuted, v.disposition)
	assert.Equal(t, []Finding{
		{File: "pkg/a.go", Line: 12, Severity: "major", Text: "nil map write"},
		{File: "README.md", Severity: "minor", Text: "wording"},
		{Severity: "nit", Text: "overall the naming is inconsistent"},
		{File: "Makefile", Severity: "major", Text: "the target is phony"},
	}, v.findings)
}
