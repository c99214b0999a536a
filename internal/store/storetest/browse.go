package storetest

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
)

// testBrowse: Browse lists sessions in ListSessions' order (an equal CreatedAt broken by
// creation, the later first), each with its summary's columns when it has one; words keep
// the matching summaries and every session without one.
func testBrowse(t *testing.T, open Opener) {
	st := open(t)
	proto := unique("proto")
	tag := unique("tag")
	whole := baseTime.Truncate(time.Second)
	type made struct {
		minute  int
		summary *decision.DecisionSummary
	}
	plan := []made{
		{1, &decision.DecisionSummary{Class: "type 1B", Title: "adopt a queue", Text: tag + " adopt a queue"}},
		{0, nil}, // sealed before summaries, or no decision
		{1, &decision.DecisionSummary{Title: "keep cron", Text: tag + " keep cron"}},
		{1, nil},
		{2, &decision.DecisionSummary{Class: "type 2", Title: "both", Text: tag + " keep cron, then a queue"}},
	}
	ids := make([]string, len(plan))
	for i, m := range plan {
		s := &engine.Session{ID: unique("sess"), Protocol: proto, Status: engine.StatusCompleted,
			CreatedAt: whole.Add(time.Duration(m.minute) * time.Minute)}
		if err := st.CreateSession(ctx(t), s); err != nil {
			t.Fatalf("CreateSession: %v", err)
		}
		ids[i] = s.ID
		if m.summary != nil {
			m.summary.SessionID = s.ID
			if err := st.PutSummary(ctx(t), m.summary); err != nil {
				t.Fatalf("PutSummary: %v", err)
			}
		}
	}
	browse := func(words ...string) map[string]decision.BrowseEntry {
		t.Helper()
		got, err := st.Browse(ctx(t), words)
		if err != nil {
			t.Fatalf("Browse(%q): %v", words, err)
		}
		var order []string
		ours := map[string]decision.BrowseEntry{}
		for _, e := range got {
			if slices.Contains(ids, e.SessionID) {
				order = append(order, e.SessionID)
				ours[e.SessionID] = e
			}
		}
		want := []string{ids[4], ids[3], ids[2], ids[0], ids[1]}
		if len(words) > 0 {
			want = slices.DeleteFunc(want, func(id string) bool {
				for i, m := range plan {
					if ids[i] == id && m.summary != nil {
						return !containsEvery(m.summary.Text, words)
					}
				}
				return false
			})
		}
		assertIDs(t, "Browse("+strings.Join(words, " ")+")", order, want)
		return ours
	}
	all := browse()
	for i, m := range plan {
		e, ok := all[ids[i]]
		if !ok {
			continue
		}
		want := decision.BrowseEntry{Summarised: m.summary != nil}
		want.SessionID, want.Protocol = ids[i], proto
		if m.summary != nil {
			want.Class, want.Title = m.summary.Class, m.summary.Title
		}
		wantAt := whole.Add(time.Duration(m.minute) * time.Minute)
		if !e.CreatedAt.Equal(wantAt) {
			t.Errorf("Browse: %s created at %v, want %v", ids[i], e.CreatedAt, wantAt)
		}
		e.CreatedAt = time.Time{}
		if e != want {
			t.Errorf("Browse: session %d reads back as %+v, want %+v", i, e, want)
		}
	}
	browse(tag, "cron")
	browse(tag, "queue", "cron")
	browse(unique("nowhere"))
	// Words are bytes to find, never patterns.
	browse("c_on")
	browse(tag, "c%n")
}

func containsEvery(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}
