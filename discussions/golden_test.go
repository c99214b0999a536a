package discussions

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/golden"
)

// loadDecision reads a hand-written decision fixture from testdata/decisions.
func loadDecision(t *testing.T, name string) *decision.Decision { return loadDecisionB(t, name) }

func loadDecisionB(t testing.TB, name string) *decision.Decision {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "decisions", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var d decision.Decision
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &d
}

// wantGolden compares got with testdata/golden/<path>.
func wantGolden(t *testing.T, path, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", "golden", path), got)
}

// TestRenderGolden renders a hand-written decision whose text is hostile (mentions, a forged
// marker, code) and which supersedes another: what a protocol run does not produce. The
// protocols' own decisions have their golden files in protocols_golden_test.go.
func TestRenderGolden(t *testing.T) {
	for _, tc := range []struct {
		fixture    string
		supersedes int
		answer     string
	}{{"full_council", 42, "phase:synthesis"}} {
		t.Run(tc.fixture, func(t *testing.T) {
			d := loadDecision(t, tc.fixture)
			r := Render(d, RenderOptions{Supersedes: tc.supersedes})
			wantGolden(t, tc.fixture+"/title.txt", r.Title+"\n")
			wantGolden(t, tc.fixture+"/body.md", r.Body)
			if len(r.Comments) != len(d.Phases) {
				t.Fatalf("%d comments for %d phases", len(r.Comments), len(d.Phases))
			}
			for i, c := range r.Comments {
				wantGolden(t, fmt.Sprintf("%s/comment-%d-%s.md", tc.fixture, i+1, strings.TrimPrefix(c.Name, partPhasePrefix)), c.Body)
			}
			if r.AnswerPart != tc.answer {
				t.Errorf("answer part %q, want %s", r.AnswerPart, tc.answer)
			}
			if len(r.Truncated) != 0 {
				t.Errorf("nothing should be truncated, got %v", r.Truncated)
			}
		})
	}
}

// Every part carries its marker on the first line and nothing else in it parses as one.
func TestRenderMarkers(t *testing.T) {
	d := loadDecision(t, "full_council")
	r := Render(d, RenderOptions{})
	parts := append([]Part{{Name: partBody, Body: r.Body}}, r.Comments...)
	for _, p := range parts {
		m, ok := ParseMarker(p.Body)
		if !ok || m.Session != d.SessionID || m.Part != p.Name {
			t.Errorf("%s: marker %+v ok=%v", p.Name, m, ok)
		}
		if n := strings.Count(p.Body, "<!-- war-room:session="); n != 1 {
			t.Errorf("%s: %d marker-shaped comments, want exactly our own", p.Name, n)
		}
	}
}

// Phase keys become marker parts that parse back and never collide.
func TestPhasePartsAreUniqueAndParse(t *testing.T) {
	phases := []decision.PhaseSummary{{Key: "phase 3/coa"}, {Key: "intel"}, {Key: "intel"}, {Key: ""}, {Key: "synthesis"}}
	names := phaseParts(phases)
	seen := map[string]bool{}
	for _, n := range names {
		m, ok := ParseMarker(Marker{Session: "wr-1", Part: n}.String())
		if !ok || m.Part != n || seen[n] {
			t.Errorf("part %q: parsed %v %v, duplicate %v", n, m, ok, seen[n])
		}
		seen[n] = true
	}
	if got := answerPart(phases, names); got != "phase:synthesis" {
		t.Errorf("answer part %q", got)
	}
}
