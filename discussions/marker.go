package discussions

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/war-room/war-room/internal/github"
)

// Parts a published session writes. Phase comments are named "phase:" + the phase key.
const (
	partBody         = "body"
	partSupersededBy = "superseded-by"
	partReaffirmed   = "reaffirmed"
	partDeferred     = "deferred:"
	partPhasePrefix  = "phase:"
	partDecisionLog  = "decision-log"
)

// Marker is the hidden first line of everything war-room writes to GitHub. A retry finds its
// own earlier writes by it, so it must be exact and sit on the first line: text further down
// is published model text and is never read for markers.
type Marker struct {
	Session string
	Part    string
}

// String renders the marker as an HTML comment, invisible on GitHub.
func (m Marker) String() string {
	if m.Session == "" {
		return github.MarkerLine("part=" + m.Part)
	}
	return github.MarkerLine(fmt.Sprintf("session=%s part=%s", m.Session, m.Part))
}

var markerRE = regexp.MustCompile(`^<!-- war-room:(?:session=([A-Za-z0-9._-]+) )?part=([A-Za-z0-9._:-]+) -->$`)

// ParseMarker reads the marker on the first line of body; ok is false when there is none.
func ParseMarker(body string) (m Marker, ok bool) {
	first, _, _ := strings.Cut(body, "\n")
	sub := markerRE.FindStringSubmatch(strings.TrimRight(first, "\r"))
	if sub == nil {
		return Marker{}, false
	}
	return Marker{Session: sub[1], Part: sub[2]}, true
}

// metaRE reads the second hidden line of a decision body: the facts the decision log needs.
var metaRE = regexp.MustCompile(`(?m)^<!-- war-room:meta class=([A-Za-z0-9+%._-]*) supersedes=([0-9]*) -->$`)

// maxClassRunes bounds the class a meta line carries: it is a short classification for a
// table column, and the line sits above everything a reader sees.
const maxClassRunes = 40

// meta is what the decision log needs from a published decision besides its title and date.
type meta struct {
	Class      string
	Supersedes int
}

// newMeta is the meta line of a decision of class (cut to maxClassRunes) that supersedes
// discussion number supersedes (0: none).
func newMeta(class string, supersedes int) meta {
	class = strings.Join(strings.Fields(class), " ")
	if r := []rune(class); len(r) > maxClassRunes {
		class = string(r[:maxClassRunes])
	}
	return meta{Class: class, Supersedes: supersedes}
}

func (m meta) String() string {
	sup := ""
	if m.Supersedes > 0 {
		sup = fmt.Sprint(m.Supersedes)
	}
	return fmt.Sprintf("<!-- war-room:meta class=%s supersedes=%s -->", escapeClass(m.Class), sup)
}

// escapeClass percent-encodes every byte outside [A-Za-z0-9+._-], so that no class can end
// the hidden line or break its parsing.
func escapeClass(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("+._-", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// isDecisionBody says whether body opens as a published decision's does: the body marker of a
// session on the first line and the meta line on the second.
func isDecisionBody(body string) bool {
	lines := strings.SplitN(body, "\n", 3)
	m, ok := ParseMarker(body)
	return ok && m.Part == partBody && m.Session != "" && len(lines) >= 2 &&
		metaRE.MatchString(strings.TrimRight(lines[1], "\r"))
}

// parseMeta reads the meta line from the body's first lines (above any model text).
func parseMeta(body string) meta {
	head := body
	if lines := strings.SplitN(body, "\n", 3); len(lines) == 3 {
		head = lines[0] + "\n" + lines[1]
	}
	sub := metaRE.FindStringSubmatch(head)
	if sub == nil {
		return meta{}
	}
	var m meta
	if class, err := url.PathUnescape(sub[1]); err == nil {
		m.Class = class
	}
	fmt.Sscan(sub[2], &m.Supersedes)
	return m
}
