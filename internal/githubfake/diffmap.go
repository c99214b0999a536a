package githubfake

import (
	"strconv"
	"strings"
)

// diffMap is a unified diff as review comments see it: per file, the lines of its hunks
// with their numbers on each side and their position (GitHub's deprecated anchor: the
// count of lines below the file's first "@@" header, later headers included).
type diffMap map[string]*diffFile

type diffFile struct {
	lines   []diffLine
	headers []string // hunk headers, by hunk index
}

type diffLine struct {
	kind     byte // ' ', '+' or '-'
	old, new int  // line numbers on the LEFT and RIGHT side (0 where the line has none)
	position int
	hunk     int
	text     string
}

// parseDiff reads a git unified diff. Files are keyed by their new path ("+++ b/…"), or by
// the old one for a deletion.
func parseDiff(diff string) diffMap {
	m := diffMap{}
	var cur *diffFile
	var old, new, pos int
	for _, raw := range strings.Split(diff, "\n") {
		switch {
		case strings.HasPrefix(raw, "diff --git "):
			cur = &diffFile{}
			if _, b, ok := strings.Cut(raw, " b/"); ok {
				m[b] = cur
			}
		case cur == nil:
		case strings.HasPrefix(raw, "@@"):
			if len(cur.headers) > 0 {
				pos++ // a later hunk's header takes a position of its own
			}
			old, new = hunkStarts(raw)
			cur.headers = append(cur.headers, raw)
		case len(cur.headers) == 0:
			// file header lines: --- a/…, +++ b/…, modes, index
		case raw == "" || raw[0] == '\\':
		case raw[0] == ' ' || raw[0] == '+' || raw[0] == '-':
			pos++
			l := diffLine{kind: raw[0], position: pos, hunk: len(cur.headers) - 1, text: raw}
			if raw[0] != '+' {
				l.old, old = old, old+1
			}
			if raw[0] != '-' {
				l.new, new = new, new+1
			}
			cur.lines = append(cur.lines, l)
		}
	}
	return m
}

// hunkStarts reads "@@ -a,b +c,d @@" into a and c.
func hunkStarts(h string) (old, new int) {
	f := strings.Fields(h)
	num := func(s string) int {
		s, _, _ = strings.Cut(strings.TrimLeft(s, "-+"), ",")
		n, _ := strconv.Atoi(s)
		return n
	}
	if len(f) >= 3 {
		return num(f[1]), num(f[2])
	}
	return 0, 0
}

// line finds line n on side ("LEFT" or "RIGHT") among the hunks' lines.
func (d *diffFile) line(side string, n int) (diffLine, bool) {
	for _, l := range d.lines {
		if side == "LEFT" && l.kind != '+' && l.old == n || side != "LEFT" && l.kind != '-' && l.new == n {
			return l, true
		}
	}
	return diffLine{}, false
}

func (d *diffFile) at(position int) (diffLine, bool) {
	for _, l := range d.lines {
		if l.position == position {
			return l, true
		}
	}
	return diffLine{}, false
}

// hunkUpTo is the diff_hunk GitHub returns with a comment: the hunk's header and its lines
// down to the commented one.
func (d *diffFile) hunkUpTo(to diffLine) string {
	out := []string{d.headers[to.hunk]}
	for _, l := range d.lines {
		if l.hunk == to.hunk && l.position <= to.position {
			out = append(out, l.text)
		}
	}
	return strings.Join(out, "\n")
}
