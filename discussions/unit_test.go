package discussions

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/safetext"
	"github.com/war-room/war-room/internal/store/sqlite"
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
	if m := parseMeta(Marker{"s", "body"}.String() + "\n" + newMeta("type 1A+", 12).String() + "\n\n" + newMeta("2", 0).String()); m != (meta{"type 1A+", 12}) {
		t.Errorf("meta %+v", m)
	}
	if m := parseMeta("x\ny\n" + newMeta("2", 0).String()); m != (meta{}) {
		t.Errorf("a meta line below the head was read: %+v", m)
	}
}

// A class is any short text: whatever it holds, the meta line stays one hidden line that
// parses back, and an over-long class is cut rather than lost.
func TestMetaCarriesAnyClass(t *testing.T) {
	for _, class := range []string{"", "type 1A+", "a --> b <!-- c", "percent 100% & ünïcode", "x\ny"} {
		line := newMeta(class, 3).String()
		if strings.Count(line, "-->") != 1 || strings.Contains(line, "\n") {
			t.Errorf("%q: meta line %q", class, line)
		}
		want := strings.Join(strings.Fields(class), " ")
		if m := parseMeta(Marker{"s", "body"}.String() + "\n" + line); m != (meta{want, 3}) {
			t.Errorf("%q: read back %+v", class, m)
		}
	}
	if m := newMeta(strings.Repeat("é", 100), 0); len([]rune(m.Class)) != maxClassRunes {
		t.Errorf("class of %d runes", len([]rune(m.Class)))
	}
}

func TestKeywords(t *testing.T) {
	got := keywords("Should the App move its session state from SQLite to PostgreSQL? And the state is big.")
	if want := []string{"session", "state", "sqlite", "postgresql"}; !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
	if got := keywords("is it ok?"); len(got) != 0 {
		t.Errorf("%v from stopwords only", got)
	}
}

func TestPriorAnswers(t *testing.T) {
	matches := []PriorMatch{{Number: 42, Title: "A @team thing", CreatedAt: time.Date(2026, 2, 15, 0, 0, 0, 0, time.UTC)}, {Number: 38, Title: "B"}}
	related := []PriorMatch{{Number: 7, Title: "Look-alike"}}
	q, excerpt, choices := PriorQuestion(matches, related)
	if want := []string{"reaffirm #42", "reaffirm #38", "proceed #42", "proceed #38", "skip"}; !slices.Equal(choices, want) {
		t.Errorf("choices %v (a related discussion is never a choice)", choices)
	}
	if !strings.Contains(excerpt, "#42 A @\u200dteam thing (2026-02-15)") || !strings.Contains(excerpt, "for information only): #7 Look-alike (") {
		t.Errorf("excerpt %q", excerpt)
	}
	if strings.Contains(q, "team thing") || strings.Contains(q, "Look-alike") {
		t.Errorf("a discussion's title is in war-room's own question %q, not in the excerpt", q)
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
		if got, err := parsePriorAnswer(tc.in); err != nil || got.Action != tc.want.Action || got.Number != tc.want.Number {
			t.Errorf("%q → %+v %v", tc.in, got, err)
		}
	}
	for _, bad := range []string{"reaffirm", "yes", "proceed #x", ""} {
		if _, err := parsePriorAnswer(bad); err == nil {
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
	recs, _ := st.ListRecords(ctx, recordKind)
	if len(recs) != 1 || recs[0].Key != "k" {
		t.Errorf("records %+v", recs)
	}
}

func TestDecisionLogRendering(t *testing.T) {
	rows := []DecisionRow{
		{Number: 12, Title: "[War Room] Adopt | pipes @here", Class: "type 1B", Date: "2026-03-05", Status: "active"},
		{Number: 7, Title: "[Reason] Is X safe?", Class: "—", Date: "2026-02-01", Status: "superseded by #12"},
	}
	wantGolden(t, "decision_log.md", renderLog(rows))
	var many []DecisionRow
	for i := 3000; i > 0; i-- {
		many = append(many, DecisionRow{Number: i, Title: strings.Repeat("t", 40), Class: "type 2", Date: "2026-01-01", Status: "active"})
	}
	body := renderLog(many)
	if len([]rune(body)) > maxBodyChars || !strings.Contains(body, "older decisions are not listed") {
		t.Errorf("a log too big for GitHub: %d characters", len([]rune(body)))
	}
	if nums := parseLogNumbers(body); nums[0] != 3000 {
		t.Error("the newest decisions must be the ones kept")
	}
}

// The engine's finding of reduced independence opens the published body, above the question.
func TestReducedIndependenceOpensTheBody(t *testing.T) {
	d := &decision.Decision{Title: "[X] t", Question: "Q?", Outcome: "O", SessionID: "wr-1",
		Independence: decision.ReducedIndependence, IndependenceReasons: []string{"the seats span one family (acme)"}}
	body := Render(d, RenderOptions{}).Body
	head := strings.SplitN(body, "## Question", 2)[0]
	if !strings.Contains(head, "> [!WARNING]") || !strings.Contains(head, "Independence: reduced-independence (lost during the run): the seats span one family (acme)") {
		t.Fatalf("the body does not open with the independence line:\n%s", body)
	}
	d.Independence = decision.Conforming
	if strings.Contains(strings.SplitN(Render(d, RenderOptions{}).Body, "## Question", 2)[0], "[!WARNING]") {
		t.Error("a conforming decision carries the warning")
	}
}

// TestRecordPayloadRoundTrip: a record with text in many scripts, emoji and backticks is cut
// into lines and comments at byte boundaries and reads back to the same value, whatever line
// endings GitHub serves it with; every comment stays within GitHub's body limit.
func TestRecordPayloadRoundTrip(t *testing.T) {
	long := strings.Repeat("Ünïcödé 漢字 😀 ```` <b>&amp;</b> ", 4000)
	rec := &verify.PublishedRecord{
		Seal:     engine.Seal{SessionID: "s1", Root: "abc"},
		Nodes:    []record.DAGNode{{ID: "n1", Content: long}, {ID: "n2", Content: "ok"}},
		Decision: json.RawMessage(`{"title":"Choix — 決定"}`),
	}
	parts := renderRecord("s1", rec, nil)
	if len(parts) < 2 {
		t.Fatalf("a %d-byte record fit one comment", len(long))
	}
	for _, crlf := range []bool{false, true} {
		var joined strings.Builder
		for _, p := range parts {
			if n := utf8.RuneCountInString(p.Body); n > 65536 {
				t.Fatalf("%s is %d characters", p.Name, n)
			}
			if !utf8.ValidString(p.Body) || strings.Contains(p.Body, "<b>") || strings.Contains(p.Body, "漢") {
				t.Fatalf("%s is not escaped ASCII JSON", p.Name)
			}
			body := p.Body
			if crlf {
				body = strings.ReplaceAll(body, "\n", "\r\n")
			}
			payload, ok := safetext.ReadJSONBlock(body)
			if !ok {
				t.Fatalf("%s: no payload read back", p.Name)
			}
			joined.WriteString(payload)
		}
		var back verify.PublishedRecord
		if err := json.Unmarshal([]byte(joined.String()), &back); err != nil {
			t.Fatalf("crlf=%v: %v", crlf, err)
		}
		if len(back.Nodes) != 2 || back.Nodes[0].Content != long {
			t.Fatalf("crlf=%v: content changed in the round trip", crlf)
		}
		var d struct{ Title string }
		if err := json.Unmarshal(back.Decision, &d); err != nil || d.Title != "Choix — 決定" {
			t.Fatalf("crlf=%v: decision title %q (%v)", crlf, d.Title, err)
		}
	}
}
