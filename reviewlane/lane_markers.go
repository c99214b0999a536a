package reviewlane

import (
	"regexp"
	"strings"

	wr "github.com/war-room/war-room/internal/github"
)

// A lane's review and each of its line comments start with a hidden marker, by which a later
// publish finds them again (on our own account only):
//
//	<!-- war-room:review lane=<lane> sha=<head> [body=<fp>,…] [outdated=<fp>,…] -->
//	<!-- war-room:finding lane=<lane> fp=<fingerprint> sha=<head> -->
//
// body names the findings the review put in its body, outdated those it marked outdated.

// reviewKey is how the marker of a lane's review for head starts, followed by a space: the
// prefix by which the review is found again.
func reviewKey(lane, head string) string {
	return wr.MarkerPrefix + "review lane=" + lane + " sha=" + head
}

// reviewMarkerWith is the whole marker line, lists included.
func reviewMarkerWith(lane, head string, body, outdated []string) string {
	s := "review lane=" + lane + " sha=" + head
	if len(body) > 0 {
		s += " body=" + strings.Join(body, ",")
	}
	if len(outdated) > 0 {
		s += " outdated=" + strings.Join(outdated, ",")
	}
	return wr.MarkerLine(s)
}

func findingMarker(lane, fp, head string) string {
	return wr.MarkerLine("finding lane=" + lane + " fp=" + fp + " sha=" + head)
}

var markerField = regexp.MustCompile(`^[a-z]+=[A-Za-z0-9_,.-]*$`)

// parseMarker reads the first-line marker of body as kind (review or finding) and its
// key=value fields; ok is false for any other body.
func parseMarker(body, kind string) (map[string]string, bool) {
	inner, ok := wr.FirstLineMarker(body)
	if !ok {
		return nil, false
	}
	fields := strings.Fields(inner)
	if len(fields) == 0 || fields[0] != kind {
		return nil, false
	}
	out := map[string]string{}
	for _, f := range fields[1:] {
		if !markerField.MatchString(f) {
			return nil, false
		}
		k, v, _ := strings.Cut(f, "=")
		out[k] = v
	}
	return out, true
}

// list splits a marker's comma-separated field.
func list(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}
