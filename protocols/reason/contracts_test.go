package reason

import (
	"strings"
	"testing"
)

func TestPremiseVerdict(t *testing.T) {
	cases := []struct{ text, want, err string }{
		{"Verdict: QUESTION WELL-POSED\nfine", verdictWellPosed, ""},
		{"**Verdict:** QUESTION SUSPECT\n\nloaded", verdictSuspect, ""},
		{"intro\n\nQUESTION SUSPECT\n", verdictSuspect, ""},
		{"## Verdict: QUESTION WELL-POSED.", verdictWellPosed, ""},
		// A phrase inside a sentence is not a verdict line.
		{"The asker wrote QUESTION WELL-POSED in the title.", "", "no verdict line"},
		{"Verdict: QUESTION WELL-POSED\nVerdict: QUESTION SUSPECT", "", "both verdicts"},
		{"Verdict: question suspect", "", "no verdict line"},
		{"", "", "no verdict line"},
	}
	for _, c := range cases {
		got, err := premiseVerdict(c.text)
		eq(t, c.want, got, c.text)
		if c.err == "" {
			noErr(t, err, c.text)
		} else if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%q: want error %q, got %v", c.text, c.err, err)
		}
	}
}

func TestClaimIDsAndPositionContract(t *testing.T) {
	paper := "## Claims\nC-1: a\n- C-2: b\n3. **C-3** c\nC-1 again\nSee C-9 in passing.\n"
	eq(t, []string{"C-1", "C-2", "C-3"}, claimIDs(paper))
	noErr(t, checkPosition(paper))
	if err := checkPosition("## Position\nJust do it, claims: C-1."); err == nil {
		t.Error("a paper without claim lines passed")
	}
	if err := checkPosition("  \n"); err == nil {
		t.Error("an empty paper passed")
	}
}

func TestAttackVector(t *testing.T) {
	known := []string{"C-1", "C-2", "B.C-1"}
	got, err := attackVector("map\n**attack_vector:** C-2,B.C-1 — both\nattack_vector: C-2", known)
	noErr(t, err)
	eq(t, []string{"C-2", "B.C-1"}, got)
	_, err = attackVector("C-1 is load-bearing", known)
	contains(t, err.Error(), "no attack vector")
	_, err = attackVector("attack_vector: nothing in particular", known)
	contains(t, err.Error(), "no attack vector")
	_, err = attackVector("attack_vector: C-7", known)
	contains(t, err.Error(), "C-7, which the position paper(s) do not define")
	// XC-1 and B.C-1 are not C-1.
	_, err = attackVector("attack_vector: XC-1", []string{"C-1"})
	contains(t, err.Error(), "no attack vector")
}

func TestAttackContract(t *testing.T) {
	targets := []string{"C-1", "B.C-2"}
	noErr(t, checkAttack("### C-1\nbroken\n### B.C-2\nsurvives\noff_vector: the cost model", targets))
	noErr(t, checkAttack("C-1 B.C-2\n\nNO_OFF_VECTOR_FINDING\n", targets))
	noErr(t, checkAttack("C-1 B.C-2\n- **off_vector:** NO_OFF_VECTOR_FINDING", targets))
	err := checkAttack("### C-1\nbroken\n### C-2\noff_vector: x", targets)
	contains(t, err.Error(), "B.C-2")
	err = checkAttack("C-1 B.C-2 and nothing else", targets)
	contains(t, err.Error(), "no off-vector line")
	err = checkAttack("C-1 B.C-2\noff_vector:   \n", targets)
	contains(t, err.Error(), "no off-vector line")
	f, ok := offVector("off_vector: the cost model")
	eq(t, "the cost model", f)
	eq(t, true, ok)
}

func TestParseSynthesis(t *testing.T) {
	text := "**Note: reduced-independence.**\n\n**Answer:** Keep it,\nbut measure first.\n**Confidence:** low\n\n" +
		"## Reasoning\nx\n\n## Disagreement ledger\n- load: yes vs no\n  continued here\n* cost\n\n" +
		"## What would change my mind\nA benchmark.\n\n# Appendix\nignored"
	s, err := parseSynthesis(text)
	noErr(t, err)
	eq(t, "Keep it,\nbut measure first.", s.Answer)
	eq(t, "low", s.Confidence)
	eq(t, []string{"load: yes vs no continued here", "cost"}, s.Disagreements)
	eq(t, []string{"A benchmark."}, s.WhatWouldChangeMind)

	s, err = parseSynthesis("Answer: y\nConfidence: high\n## Disagreement ledger\n- none\n## What would change my mind\n- z")
	noErr(t, err)
	eq(t, []string(nil), s.Disagreements)

	_, err = parseSynthesis("Answer:\nConfidence: high\n## Disagreement ledger\n")
	contains(t, err.Error(), `"Answer:" with the answer`)
	contains(t, err.Error(), "## What would change my mind")
	lacks(t, err.Error(), "Confidence")
}

// The synthesis's sections are found as CommonMark parses them: at the level the model chose,
// written in bold, with sub-headings kept inside; a heading inside a fenced block is text.
func TestSynthesisSectionsToleratesForm(t *testing.T) {
	text := "Answer: Keep PostgreSQL.\nConfidence: medium\n\n### **Disagreement ledger:**\n\n#### On load\n- peaks were never measured\n\n" +
		"```\n## What would change my mind\n- not this\n```\n\n**What would change my mind**\n\n- a measured peak above 2,000 jobs a minute\n"
	s, err := parseSynthesis(text)
	noErr(t, err)
	all := strings.Join(s.Disagreements, "\n")
	eq(t, "#### On load", s.Disagreements[0])
	contains(t, all, "peaks were never measured")
	contains(t, all, "not this") // the fenced block stays in the ledger
	eq(t, []string{"a measured peak above 2,000 jobs a minute"}, s.WhatWouldChangeMind)
}
