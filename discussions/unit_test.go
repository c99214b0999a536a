package discussions

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/store/sqlite"
)

func TestMarkerRoundTrip(t *testing.T) {
	for _, m := range []Marker{{"wr-0123", "body"}, {"wr-0123", "phase:synthesis"}, {"", "decision-log"}} {
		got, ok := ParseMarker(m.String() + "\nrest")
		if !ok || got != m {
			t.Errorf("%v → %v %v", m, got, ok)
		}
	}
	for _, body := range []string{
		"text\n<!-- war-room:session=wr-1 part=body -->", // not on the first line
		" <!-- war-room:session=wr-1 part=body -->",      // not at the start
		"<!-- war-room:session=wr 1 part=body -->",       // malformed
		"",
	} {
		if m, ok := ParseMarker(body); ok {
			t.Errorf("%q parsed as %v", body, m)
		}
	}
	if m := parseMeta(Marker{"s", "body"}.String() + "\n" + meta{Type: "1A+", Supersedes: 12}.String() + "\n\n" + meta{Type: "2"}.String()); m.Type != "1A+" || m.Supersedes != 12 {
		t.Errorf("meta %+v", m)
	}
	if m := parseMeta("x\ny\n" + meta{Type: "2"}.String()); m != (meta{}) {
		t.Errorf("a meta line below the head was read: %+v", m)
	}
}

func TestKeywords(t *testing.T) {
	got := Keywords("Should the App move its session state from SQLite to PostgreSQL? And the state is big.")
	if want := []string{"session", "state", "sqlite", "postgresql"}; !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
	if got := Keywords("is it ok?"); len(got) != 0 {
		t.Errorf("%v from stopwords only", got)
	}
}

func TestPriorAnswers(t *testing.T) {
	matches := []PriorMatch{{Number: 42, Title: "A @team thing", CreatedAt: time.Date(2026, 2, 15, 0, 0, 0, 0, time.UTC)}, {Number: 38, Title: "B"}}
	related := []PriorMatch{{Number: 7, Title: "Look-alike"}}
	q, choices := PriorQuestion(matches, related)
	if want := []string{"reaffirm #42", "reaffirm #38", "proceed #42", "proceed #38", "skip"}; !slices.Equal(choices, want) {
		t.Errorf("choices %v (a related discussion is never a choice)", choices)
	}
	if !strings.Contains(q, "#42 A @"+zwj+"team thing (2026-02-15)") || !strings.Contains(q, "for information only): #7 Look-alike (") {
		t.Errorf("question %q", q)
	}
	for _, tc := range []struct {
		in   string
		want PriorChoice
	}{
		{"reaffirm #42", PriorChoice{Action: PriorReaffirm, Number: 42}},
		{" Proceed #38 ", PriorChoice{Action: PriorSupersede, Number: 38}},
		{"proceed", PriorChoice{Action: PriorSupersede}},
		{"skip", PriorChoice{Action: PriorNone}},
	} {
		if got, err := ParsePriorAnswer(tc.in); err != nil || got.Action != tc.want.Action || got.Number != tc.want.Number {
			t.Errorf("%q → %+v %v", tc.in, got, err)
		}
	}
	for _, bad := range []string{"reaffirm", "yes", "proceed #x", ""} {
		if _, err := ParsePriorAnswer(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// The publication state lives in the engine store as records of kind "publication".
func TestRecordState(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	s := RecordState{Store: st}
	if _, err := s.Get(ctx, "k"); !errors.Is(err, engine.ErrNotFound) {
		t.Fatalf("missing key: %v", err)
	}
	if err := s.Put(ctx, "k", []byte(`{"done":true}`)); err != nil {
		t.Fatal(err)
	}
	var ps pubState
	if found, err := loadJSON(ctx, s, "k", &ps); !found || err != nil || !ps.Done {
		t.Fatalf("%v %v %+v", found, err, ps)
	}
	recs, _ := st.ListRecords(ctx, RecordKind)
	if len(recs) != 1 || recs[0].Key != "k" {
		t.Errorf("records %+v", recs)
	}
}

func TestDecisionLogRendering(t *testing.T) {
	rows := []DecisionRow{
		{Number: 12, Title: "[War Room] Adopt | pipes @here", Type: "1B", Date: "2026-03-05", Status: "active"},
		{Number: 7, Title: "[Reason] Is X safe?", Type: "—", Date: "2026-02-01", Status: "superseded by #12"},
	}
	golden(t, "decision_log.md", renderLog(rows))
	var many []DecisionRow
	for i := 3000; i > 0; i-- {
		many = append(many, DecisionRow{Number: i, Title: strings.Repeat("t", 40), Type: "2", Date: "2026-01-01", Status: "active"})
	}
	body := renderLog(many)
	if len([]rune(body)) > MaxBodyChars || !strings.Contains(body, "older decisions are not listed") {
		t.Errorf("a log too big for GitHub: %d characters", len([]rune(body)))
	}
	if nums := parseLogNumbers(body); nums[0] != 3000 {
		t.Error("the newest decisions must be the ones kept")
	}
}
