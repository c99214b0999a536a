package github

import (
	"regexp"
	"strings"
)

// MarkerPrefix opens every hidden marker war-room writes.
const MarkerPrefix = "<!-- war-room:"

var markerLineRE = regexp.MustCompile(`^<!-- war-room:([^\n]*?) -->$`)

// MarkerLine renders a hidden marker, "<!-- war-room:" + inner + " -->", invisible on GitHub.
// inner must not hold "-->" or a line break.
func MarkerLine(inner string) string { return MarkerPrefix + inner + " -->" }

// FirstLineMarker reads the marker on body's first line and returns its inner text. Only the
// first line is read: text further down may be published model or user text, and a marker
// quoted there must not stand for ours.
func FirstLineMarker(body string) (string, bool) {
	first, _, _ := strings.Cut(body, "\n")
	m := markerLineRE.FindStringSubmatch(strings.TrimRight(first, "\r"))
	if m == nil || strings.Contains(m[1], "-->") {
		return "", false
	}
	return m[1], true
}
