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
	class       TransportClass
	echoed      string
	findings    []Finding
	detail      string
}

var (
	judgmentLine = regexp.MustCompile(`^JUDGMENT: (CONFIRMED|REFUTED) nonce=(\S+)$`)
	findingLine  = regexp.MustCompile(`^FINDING: (blocker|major|minor|nit)\s+(.+)$`)
	fileLike     = regexp.MustCompile(`/|\.[A-Za-z0-9]{1,8}(:[0-9]+)?$`)
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
		return verdict{class: ClassMissingEvidence, detail: "the reviewer's answer is empty"}
	}
	last := lines[len(lines)-1]
	if last.fenced || last.isFence {
		return verdict{class: ClassMalformedMarker, detail: "the final line is inside a code block"}
	}
	m := judgmentLine.FindStringSubmatch(last.text)
	if m == nil {
		return verdict{class: ClassMalformedMarker, detail: "the final line is not a JUDGMENT line: " + clip(last.text, 120)}
	}
	if m[2] != nonce {
		return verdict{class: ClassWrongNonce, detail: "the final line echoes nonce " + clip(m[2], 80) + ", not this lane's"}
	}
	if len(lines) == 1 {
		return verdict{class: ClassMissingEvidence, detail: "the answer is a bare JUDGMENT line with no findings or reasoning"}
	}
	return verdict{disposition: Disposition(m[1]), echoed: m[2], findings: findings(lines[:len(lines)-1], files)}
}

// splitLines keeps non-empty lines, marking those inside ``` or ~~~ fences.
func splitLines(s string) []line {
	var out []line
	var fence string
	for _, raw := range strings.Split(s, "\n") {
		t := strings.TrimRight(raw, " \t\r")
		if t == "" {
			continue
		}
		indent := len(t) - len(strings.TrimLeft(t, " "))
		body := strings.TrimLeft(t, " ")
		isFence := indent <= 3 && (strings.HasPrefix(body, "```") || strings.HasPrefix(body, "~~~"))
		switch {
		case isFence && fence == "":
			fence = body[:3]
		case isFence && strings.HasPrefix(body, fence) && strings.Trim(body, fence[:1]) == "":
			fence = ""
			out = append(out, line{text: t, fenced: true, isFence: true})
			continue
		}
		out = append(out, line{text: t, fenced: fence != "", isFence: isFence})
	}
	return out
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
			if file, n := splitLocation(loc); files[file] || fileLike.MatchString(loc) {
				f.File, f.Line, f.Text = file, n, strings.TrimSpace(rest)
			}
		}
		out = append(out, f)
	}
	return out
}

// splitLocation splits "path:line"; line is 0 when absent or not a positive number.
func splitLocation(loc string) (string, int) {
	loc = strings.TrimSuffix(loc, ":")
	if i := strings.LastIndex(loc, ":"); i > 0 {
		if n, err := strconv.Atoi(loc[i+1:]); err == nil && n > 0 {
			return loc[:i], n
		}
	}
	return loc, 0
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
