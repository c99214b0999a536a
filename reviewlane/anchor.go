package reviewlane

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// headSide is the head side of the diff a reviewer was shown: for each file, the lines a
// review comment can be anchored to (added and context lines), by line number in the
// file at the head, with the hunk each belongs to and its text.
type headSide map[string]map[int]headLine

type headLine struct {
	hunk int
	text string
}

// indexHead reads the head side of a git unified diff. A renamed file is known by its new
// name, the one review comments use.
func indexHead(diff string) headSide {
	h := headSide{}
	var lines map[int]headLine
	path := ""
	hunk, next, inHunk := 0, 0, false
	for _, raw := range strings.Split(diff, "\n") {
		raw = strings.TrimSuffix(raw, "\r")
		switch {
		case strings.HasPrefix(raw, "diff --git "):
			lines, inHunk, path = map[int]headLine{}, false, gitDiffPath(raw[len("diff --git "):])
			h[path] = lines
		case lines == nil:
		case !inHunk && strings.HasPrefix(raw, "+++ b/"):
			delete(h, path)
			path = raw[len("+++ b/"):]
			h[path] = lines
		case strings.HasPrefix(raw, "@@"):
			hunk, next, inHunk = hunk+1, newStart(raw), true
		case !inHunk || raw == "":
		case raw[0] == '+' || raw[0] == ' ':
			lines[next] = headLine{hunk: hunk, text: raw[1:]}
			next++
		}
	}
	return h
}

// newStart reads c from a hunk header "@@ -a,b +c,d @@".
func newStart(header string) int {
	for _, f := range strings.Fields(header) {
		if strings.HasPrefix(f, "+") {
			n, _ := strconv.Atoi(strings.SplitN(f[1:], ",", 2)[0])
			return n
		}
	}
	return 0
}

// place records whether f's lines can carry a review comment (all of them on the head side
// of the diff, in one hunk, holding the code the finding quotes) and its fingerprint. A
// finding that quotes code its lines do not hold is flagged as misplaced and kept out of
// line comments: it goes to the review's body, where a wrong line misleads no one.
func (h headSide) place(f *Finding) {
	code, ok := h.code(f)
	f.InDiff = ok
	if ok && misplaced(f, code) {
		f.InDiff, f.LineMismatch = false, true
	}
	f.Fingerprint = fingerprint(f.File, f.Text, code)
}

// code returns the text of f's lines at the head, when the diff shows all of them in one hunk.
func (h headSide) code(f *Finding) (string, bool) {
	lines := h[f.File]
	if f.File == "" || f.Line == 0 || lines == nil {
		return "", false
	}
	first := f.Line
	if f.StartLine > 0 {
		first = f.StartLine
	}
	var out []string
	for n := first; n <= f.Line; n++ {
		l, ok := lines[n]
		if !ok || l.hunk != lines[first].hunk {
			return "", false
		}
		out = append(out, strings.Join(strings.Fields(l.text), " "))
	}
	return strings.Join(out, "\n"), true
}

// fingerprint names a finding by what it says and where, not by its line numbers, which
// move when lines are added above it: the file, the text normalised (case, punctuation,
// spacing and numbers ignored) and the code on its lines, whitespace collapsed.
func fingerprint(file, text, code string) string {
	s := sha256.Sum256([]byte(file + "\x00" + normaliseText(text) + "\x00" + code))
	return hex.EncodeToString(s[:8])
}

func normaliseText(s string) string {
	var b strings.Builder
	digits := false
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsDigit(r):
			if !digits {
				b.WriteByte('#')
			}
			digits = true
			continue
		case unicode.IsLetter(r):
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
		digits = false
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// numbered is the diff as the reviewer reads it: each line that exists at the head (added or
// context) carries its line number in the file at the head in a left column, a removed line
// a blank one, so that a finding cites the number it sees instead of counting from the hunk
// header. Headers pass through as they are.
func numbered(diff string) string {
	var b strings.Builder
	next, inHunk := 0, false
	for i, raw := range strings.Split(diff, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		line := strings.TrimSuffix(raw, "\r")
		switch {
		case strings.HasPrefix(line, "diff --git "):
			inHunk = false
		case strings.HasPrefix(line, "@@"):
			next, inHunk = newStart(line), true
		case inHunk && line != "" && (line[0] == '+' || line[0] == ' '):
			fmt.Fprintf(&b, "%6d %s", next, raw)
			next++
			continue
		case inHunk && line != "" && line[0] == '-':
			b.WriteString("       " + raw)
			continue
		}
		b.WriteString(raw)
	}
	return b.String()
}

// quoted are the code spans a finding's text quotes (`…`), long enough to identify a line.
var quotedSpan = regexp.MustCompile("`([^`\n]{3,})`")

// misplaced says whether f quotes code that its cited lines do not hold: the reviewer named
// the wrong line (a count off by one from the hunk header, say), and a comment there would
// point at other code. A finding that quotes nothing cannot be checked and is not flagged.
func misplaced(f *Finding, code string) bool {
	spans := quotedSpan.FindAllStringSubmatch(f.Text, -1)
	if len(spans) == 0 {
		return false
	}
	have := strings.Join(strings.Fields(code), " ")
	for _, s := range spans {
		if strings.Contains(have, strings.Join(strings.Fields(s[1]), " ")) {
			return false
		}
	}
	return true
}
