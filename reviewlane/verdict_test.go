package reviewlane

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const nonce = "00112233445566778899aabbccddeeff"

func TestJudgeRequiresExactFinalLine(t *testing.T) {
	cases := []struct {
		answer string
		class  TransportClass
		disp   Disposition
	}{
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce, "", Confirmed},
		{"ok\nJUDGMENT: REFUTED nonce=" + nonce + "  \n\n", "", Refuted},
		{"ok\r\nJUDGMENT: CONFIRMED nonce=" + nonce + "\r\n", "", Confirmed},
		{"ok\njudgment: confirmed nonce=" + nonce, ClassMalformedMarker, ""},
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce + " (sure)", ClassMalformedMarker, ""},
		{"ok\n  JUDGMENT: CONFIRMED nonce=" + nonce, ClassMalformedMarker, ""},
		{"ok\nJUDGMENT: APPROVED nonce=" + nonce, ClassMalformedMarker, ""},
		{"ok\nJUDGMENT: CONFIRMED", ClassMalformedMarker, ""},
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce + "\nthanks", ClassMalformedMarker, ""},
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce[:31], ClassWrongNonce, ""},
		{"ok\nJUDGMENT: CONFIRMED nonce=" + nonce + "0", ClassWrongNonce, ""},
		{"ok\n```\nJUDGMENT: CONFIRMED nonce=" + nonce + "\n```", ClassMalformedMarker, ""},
		{"   \n\n", ClassMissingEvidence, ""},
		{"JUDGMENT: CONFIRMED nonce=" + nonce, ClassMissingEvidence, ""},
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
