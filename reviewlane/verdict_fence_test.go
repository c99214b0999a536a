package reviewlane

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// judgment is this lane's well-formed final line.
const judgment = "JUDGMENT: CONFIRMED nonce=" + nonce

// Fences are read as CommonMark renders them: a line a reader sees inside a code block is never
// the verdict, however the block was opened.
func TestJudgeReadsFencesAsCommonMark(t *testing.T) {
	cases := []struct {
		name, answer string
		inside       bool // the final JUDGMENT line renders inside a code block
	}{
		{"4-backtick fence is not closed by 3 backticks", "ok\n````\n```\n" + judgment, true},
		{"4-backtick fence closed by 4", "ok\n````\n```\n````\n" + judgment, false},
		{"a longer closing fence closes", "ok\n````go\nx\n``````\n" + judgment, false},
		{"tildes are not closed by backticks", "ok\n~~~\n```\n" + judgment, true},
		{"backticks are not closed by tildes", "ok\n```\n~~~\n" + judgment, true},
		{"4 tildes are not closed by 3", "ok\n~~~~\n~~~\n" + judgment, true},
		{"tilde fence closed", "ok\n~~~ text\nx\n~~~\n" + judgment, false},
		{"an unclosed fence runs to the end", "ok\n```\n" + judgment, true},
		{"an unclosed long fence runs to the end", "ok\n`````\nx\n````\n" + judgment, true},
		{"three spaces of indentation still open a fence", "ok\n   ```\n" + judgment, true},
		{"four spaces are indented code, not a fence", "ok\n    ```\n" + judgment, false},
		{"a tab is indented code, not a fence", "ok\n\t```\n" + judgment, false},
		{"a closing fence may be indented three spaces", "ok\n```\nx\n   ```\n" + judgment, false},
		{"a closing fence indented four spaces does not close", "ok\n```\nx\n    ```\n" + judgment, true},
		{"a closing fence takes no info string", "ok\n```\nx\n``` not yet\n" + judgment, true},
		{"trailing blanks after a closing fence are fine", "ok\n```\nx\n```  \t\n" + judgment, false},
		{"a backtick in a backtick fence's info string: no fence", "ok\n```a`b\n" + judgment, false},
		{"a backtick in a tilde fence's info string is fine", "ok\n~~~a`b\n" + judgment, true},
		{"two backticks are not a fence", "ok\n``\n" + judgment, false},
		{"a lone CR ends a line", "ok\r```\r" + judgment, true},
		{"CR LF line endings", "ok\r\n```\r\nx\r\n```\r\n" + judgment + "\r\n", false},
		{"the verdict as the fence's last line", "ok\n```\n" + judgment + "\n```", true},
	}
	for _, tc := range cases {
		v := judge(tc.answer, nonce, nil)
		if tc.inside {
			assert.Equal(t, classMalformedMarker, v.class, tc.name)
			assert.Empty(t, v.disposition, tc.name)
		} else {
			assert.Equal(t, Confirmed, v.disposition, "%s: %s", tc.name, v.detail)
		}
	}
}

// A FINDING line inside a block a 3-backtick line does not close is code, not a finding.
func TestFindingsInsideALongFenceAreCode(t *testing.T) {
	answer := "FINDING: major a.go:1 real\n````\n```\nFINDING: blocker b.go:2 quoted\n````\nFINDING: minor c.go:3 also real\ndone\n" + judgment
	v := judge(answer, nonce, nil)
	assert.Equal(t, []Finding{
		{File: "a.go", Line: 1, Severity: "major", Text: "real"},
		{File: "c.go", Line: 3, Severity: "minor", Text: "also real"},
	}, v.findings)
}

// FuzzVerdict checks judge against an independent, plainer reading of the fences: it never
// panics, a verdict it finds is the answer's last line and outside every fence, and it never
// takes more findings than there are unfenced FINDING lines.
func FuzzVerdict(f *testing.F) {
	for _, seed := range []string{
		"ok\n" + judgment,
		"ok\n````\n```\n" + judgment,
		"ok\n~~~\n```\n~~~\n" + judgment,
		"FINDING: major a.go:1 x\n```\nFINDING: nit y\n```\n" + judgment,
		"ok\r```\r" + judgment,
		"   ```\n    ```\n" + judgment,
		"```a`b\n" + judgment,
		"~~~~\n~~~\n~~~~~\n" + judgment,
		"\t```\n" + judgment,
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		// The text as it is, and with the lane's own verdict after it: whether that verdict
		// counts is exactly whether the text leaves a fence open.
		for _, answer := range []string{text, text + "\n" + judgment} {
			checkVerdict(t, answer)
		}
	})
}

func checkVerdict(t *testing.T, answer string) {
	t.Helper()
	v := judge(answer, nonce, nil)
	lines, fenced := refLines(answer)
	if v.disposition != "" {
		last := len(lines) - 1
		if last < 1 || fenced[last] || strings.TrimRight(lines[last], " \t") != "JUDGMENT: "+string(v.disposition)+" nonce="+nonce {
			t.Fatalf("verdict %s from %q: the last line %d is fenced=%v", v.disposition, answer, last, last >= 0 && fenced[last])
		}
	}
	open := 0
	for i, l := range lines {
		if !fenced[i] && strings.HasPrefix(l, "FINDING: ") {
			open++
		}
	}
	if len(v.findings) > open {
		t.Fatalf("%d findings from %q, which has %d unfenced FINDING lines", len(v.findings), answer, open)
	}
	if last := len(lines) - 1; last >= 1 && !fenced[last] && strings.TrimRight(lines[last], " \t") == judgment && v.disposition == "" {
		t.Fatalf("no verdict from %q, whose last line is the verdict outside every fence: %s", answer, v.detail)
	}
}

// refLines is a plain reading of CommonMark fences, written apart from splitLines to check it:
// it returns the answer's non-blank lines and, for each, whether it renders inside a fenced
// code block (the fence lines included).
func refLines(s string) (lines []string, fenced []bool) {
	var cur []byte
	var all []string
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n':
		case s[i] == '\r' || s[i] == '\n':
			all, cur = append(all, string(cur)), nil
		default:
			cur = append(cur, s[i])
		}
	}
	all = append(all, string(cur))
	inside, char, length := false, byte(0), 0
	for _, l := range all {
		if strings.Trim(l, " \t") == "" {
			continue
		}
		spaces := 0
		for spaces < len(l) && l[spaces] == ' ' {
			spaces++
		}
		run, c := 0, byte(0)
		if spaces <= 3 && (l[spaces] == '`' || l[spaces] == '~') {
			c = l[spaces]
			for spaces+run < len(l) && l[spaces+run] == c {
				run++
			}
		}
		tail := l[spaces+run:]
		opens := run >= 3 && !(c == '`' && strings.IndexByte(tail, '`') >= 0)
		closes := inside && run >= 3 && c == char && run >= length && strings.Trim(tail, " \t") == ""
		lines = append(lines, l)
		switch {
		case closes:
			inside = false
			fenced = append(fenced, true)
		case inside:
			fenced = append(fenced, true)
		case opens:
			inside, char, length = true, c, run
			fenced = append(fenced, true)
		default:
			fenced = append(fenced, false)
		}
	}
	return lines, fenced
}
