package reviewlane

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Two files: one modified in two hunks, one renamed with a change. Head-side lines: a.go
// 1-3 (hunk 1: context, added, context) and 10-11 (hunk 2); new.go 4-5.
const anchorDiff = "diff --git a/a.go b/a.go\nindex 1..2 100644\n--- a/a.go\n+++ b/a.go\n" +
	"@@ -1,3 +1,3 @@\n package a\n-var x = 1\n+var x =  2\n func F() {}\n" +
	"@@ -9,2 +10,2 @@\n func G() {}\n+func H() {}\n\\ No newline at end of file\n" +
	"diff --git a/old.go b/new.go\nsimilarity index 90%\nrename from old.go\nrename to new.go\n--- a/old.go\n+++ b/new.go\n" +
	"@@ -4,1 +4,2 @@\n // kept\n+// added\n"

func TestPlaceAnchorsOnlyLinesOnTheHeadSideInOneHunk(t *testing.T) {
	h := indexHead(anchorDiff)
	for _, c := range []struct {
		name string
		f    Finding
		in   bool
	}{
		{"added line", Finding{File: "a.go", Line: 2}, true},
		{"context line", Finding{File: "a.go", Line: 3}, true},
		{"range in one hunk", Finding{File: "a.go", StartLine: 1, Line: 3}, true},
		{"range across hunks", Finding{File: "a.go", StartLine: 3, Line: 10}, false},
		{"line between hunks", Finding{File: "a.go", Line: 5}, false},
		{"second hunk", Finding{File: "a.go", Line: 11}, true},
		{"renamed file by its new name", Finding{File: "new.go", Line: 5}, true},
		{"renamed file by its old name", Finding{File: "old.go", Line: 5}, false},
		{"file not in the diff", Finding{File: "b.go", Line: 1}, false},
		{"no line", Finding{File: "a.go"}, false},
		{"no file", Finding{Line: 2}, false},
	} {
		f := c.f
		f.Text = "something"
		h.place(&f)
		assert.Equal(t, c.in, f.InDiff, c.name)
		assert.Len(t, f.Fingerprint, 16, c.name)
	}
}

// A finding keeps its fingerprint when lines above it move it down, or its wording changes
// only in case, punctuation, spacing or numbers; another file, another text or other code
// on its line is another finding.
func TestFingerprintIgnoresLineNumbersNotCode(t *testing.T) {
	at := func(diff string, f Finding) string {
		indexHead(diff).place(&f)
		return f.Fingerprint
	}
	before := "diff --git a/a.go b/a.go\n--- a/a.go\n+++ b/a.go\n@@ -1,1 +1,2 @@\n package a\n+var x = 2\n"
	moved := "diff --git a/a.go b/a.go\n--- a/a.go\n+++ b/a.go\n@@ -1,1 +1,4 @@\n package a\n+// one\n+// two\n+var  x = 2\n"
	fixed := "diff --git a/a.go b/a.go\n--- a/a.go\n+++ b/a.go\n@@ -1,1 +1,2 @@\n package a\n+var x = 3\n"
	fp := at(before, Finding{File: "a.go", Line: 2, Text: "x is set twice (line 2)"})
	assert.Equal(t, fp, at(moved, Finding{File: "a.go", Line: 4, Text: "X is set twice, (line 4)."}))
	assert.NotEqual(t, fp, at(fixed, Finding{File: "a.go", Line: 2, Text: "x is set twice (line 2)"}), "other code")
	assert.NotEqual(t, fp, at(before, Finding{File: "a.go", Line: 2, Text: "x is unused"}), "other text")
	assert.NotEqual(t, fp, at(before, Finding{File: "b.go", Line: 2, Text: "x is set twice (line 2)"}), "other file")
}

func TestFindingLocationsTakeRanges(t *testing.T) {
	got := findings(splitLines("FINDING: major a.go:12-10 backwards range\nFINDING: minor a.go:7 one line\n"+
		"FINDING: nit a.go:x-3 not a range\nFINDING: nit notes.txt whole file"), map[string]bool{"a.go": true})
	assert.Equal(t, []Finding{
		{File: "a.go", StartLine: 10, Line: 12, Severity: "major", Text: "backwards range"},
		{File: "a.go", Line: 7, Severity: "minor", Text: "one line"},
		{Severity: "nit", Text: "a.go:x-3 not a range"},
		{File: "notes.txt", Severity: "nit", Text: "whole file"},
	}, got)
}

// The reviewer reads each head line's number beside it: the added line of the second hunk
// shows 11, its context line 10, a removed line none.
func TestTheDiffCarriesHeadLineNumbers(t *testing.T) {
	got := numbered(anchorDiff)
	for _, want := range []string{"     1  package a", "       -var x = 1", "     2 +var x =  2", "    10  func G() {}", "    11 +func H() {}",
		"@@ -9,2 +10,2 @@", "     5 +// added", "+++ b/new.go"} {
		assert.Contains(t, got, want)
	}
}

// An answer that cites the line before the one whose code it quotes (a count off by one from
// the hunk header) is flagged and not anchored; cited right, it is; a finding quoting nothing
// cannot be checked and keeps its line.
func TestAFindingCitingTheWrongLineIsNotAnchored(t *testing.T) {
	h := indexHead(anchorDiff)
	off := Finding{File: "a.go", Line: 10, Text: "`func H() {}` has no doc comment"}
	h.place(&off)
	assert.False(t, off.InDiff)
	assert.True(t, off.LineMismatch)
	right := Finding{File: "a.go", Line: 11, Text: "`func H() {}` has no doc comment"}
	h.place(&right)
	assert.True(t, right.InDiff)
	assert.False(t, right.LineMismatch)
	plain := Finding{File: "a.go", Line: 10, Text: "the new function has no doc comment"}
	h.place(&plain)
	assert.True(t, plain.InDiff)

	plan := planReview(&Result{Lane: "l", Findings: []Finding{off, right}}, publishOptions{MinSeverity: "nit", MaxComments: 5}, prior{})
	assert.Len(t, plan.comments, 1)
	if assert.Len(t, plan.body, 1) {
		assert.Equal(t, inBodyMisplace, plan.body[0].why)
	}
}

// The call the reviewer gets carries the numbered diff and says to cite those numbers.
func TestTheLanesPromptNumbersTheDiff(t *testing.T) {
	l := &lane{d: &Dispatcher{}, req: &request{Nonce: "abc", HeadSHA: "0123", Subject: "acme/widgets#1", Reviewer: reviewer{Profile: "claude"}},
		res: &Result{Coverage: &Coverage{Complete: true}}, diff: &scanned{text: anchorDiff}}
	spec := l.callSpec()
	var diff string
	for _, in := range spec.Inputs {
		if in.Name == inputDiff {
			diff = in.Text
		}
	}
	assert.Contains(t, diff, "    11 +func H() {}")
	assert.Contains(t, spec.Task, "cite those numbers in file:line")
	assert.Equal(t, "providers.claude.timeout", spec.TimeoutKey, "the lane's limit is its profile's")
}
