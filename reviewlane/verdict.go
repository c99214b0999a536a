package reviewlane

import (
	"regexp"
	"strconv"
	"strings"
)

// verdict is what the validator made of a reviewer's answer: a disposition, or the transport
// class that explains why there is none.
type verdict struct {
	disposition Disposition
	class       transportClass
	echoed      string
	findings    []Finding
	detail      string
}

var (
	judgmentLine = regexp.MustCompile(`^JUDGMENT: (CONFIRMED|REFUTED) nonce=(\S+)$`)
	findingLine  = regexp.MustCompile(`^FINDING: (blocker|major|minor|nit)\s+(.+)$`)
	fileLike     = regexp.MustCompile(`/|\.[A-Za-z0-9]{1,8}(:[0-9]+(-[0-9]+)?)?$`)
)

// line is one non-empty line of an answer and whether it sits inside a code fence.
type line struct {
	text    string
	fenced  bool
	isFence bool
}

// judge validates an answer against the lane's nonce. A disposition exists only when the last
// non-empty line is, outside any code fence, exactly the judgment line with this nonce, and
// some text precedes it. Anything else is a transport class: the answer is not a judgment,
// whatever it says.
func judge(answer, nonce string, files map[string]bool) verdict {
	lines := splitLines(answer)
	if len(lines) == 0 {
		return verdict{class: classMissingEvidence, detail: "the reviewer's answer is empty"}
	}
	last := lines[len(lines)-1]
	if last.fenced || last.isFence {
		return verdict{class: classMalformedMarker, detail: "the final line is inside a code block"}
	}
	m := judgmentLine.FindStringSubmatch(last.text)
	if m == nil {
		return verdict{class: classMalformedMarker, detail: "the final line is not a JUDGMENT line: " + clip(last.text, 120)}
	}
	if m[2] != nonce {
		return verdict{class: classWrongNonce, detail: "the final line echoes nonce " + clip(m[2], 80) + ", not this lane's"}
	}
	if len(lines) == 1 {
		return verdict{class: classMissingEvidence, detail: "the answer is a bare JUDGMENT line with no findings or reasoning"}
	}
	return verdict{disposition: Disposition(m[1]), echoed: m[2], findings: findings(lines[:len(lines)-1], files)}
}

// splitLines keeps non-empty lines, marking those a CommonMark renderer puts inside a fenced
// code block (see fenceOf): what the reader sees as code is never a verdict or a finding.
func splitLines(s string) []line {
	var out []line
	var open fence // the fence of the code block we are in; zero when outside
	// CommonMark ends a line at LF, CR LF or a lone CR.
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	for _, raw := range strings.Split(s, "\n") {
		t := strings.TrimRight(raw, " \t")
		if t == "" {
			continue
		}
		f, isFence := fenceOf(t)
		switch {
		case open.n == 0 && isFence:
			open = f
			out = append(out, line{text: t, fenced: true, isFence: true})
		case open.n > 0 && isFence && f.closes(open):
			open = fence{}
			out = append(out, line{text: t, fenced: true, isFence: true})
		default:
			out = append(out, line{text: t, fenced: open.n > 0})
		}
	}
	return out
}

// fence is a code fence line: its character and length, and whether anything follows the run.
type fence struct {
	char byte
	n    int
	info bool
}

// closes says whether f, seen inside a block opened by open, ends it: the same character, at
// least as long, and nothing after it.
func (f fence) closes(open fence) bool { return f.char == open.char && f.n >= open.n && !f.info }

// fenceOf reads t (trailing white space removed) as CommonMark reads a fence: at most three
// spaces of indentation, then three or more backticks or tildes; a backtick fence's info string
// may not contain a backtick. A block left open runs to the end of the answer.
func fenceOf(t string) (fence, bool) {
	body := strings.TrimLeft(t, " ")
	if len(t)-len(body) > 3 || body == "" || body[0] != '`' && body[0] != '~' {
		return fence{}, false
	}
	c := body[0]
	n := len(body) - len(strings.TrimLeft(body, string(c)))
	rest := body[n:]
	if n < 3 || c == '`' && strings.Contains(rest, "`") {
		return fence{}, false
	}
	return fence{char: c, n: n, info: strings.Trim(rest, " \t") != ""}, true
}

// findings parses FINDING lines outside code fences.
func findings(lines []line, files map[string]bool) []Finding {
	var out []Finding
	for _, l := range lines {
		if l.fenced {
			continue
		}
		m := findingLine.FindStringSubmatch(l.text)
		if m == nil {
			continue
		}
		f := Finding{Severity: m[1], Text: m[2]}
		if loc, rest, ok := strings.Cut(m[2], " "); ok && strings.TrimSpace(rest) != "" {
			if file, first, last := splitLocation(loc); files[file] || fileLike.MatchString(loc) {
				f.File, f.Line, f.Text = file, last, strings.TrimSpace(rest)
				if first < last {
					f.StartLine = first
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// splitLocation splits "path:line" or "path:first-last" (a range given backwards is put
// in order); the lines are 0 when absent or not positive numbers.
func splitLocation(loc string) (path string, first, last int) {
	loc = strings.TrimSuffix(loc, ":")
	i := strings.LastIndex(loc, ":")
	if i <= 0 {
		return loc, 0, 0
	}
	a, b, isRange := strings.Cut(loc[i+1:], "-")
	if !isRange {
		b = a
	}
	m, errA := strconv.Atoi(a)
	n, errB := strconv.Atoi(b)
	if errA != nil || errB != nil || m <= 0 || n <= 0 {
		return loc, 0, 0
	}
	return loc[:i], min(m, n), max(m, n)
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
