package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
)

func testSummaries(t *testing.T, open Opener) {
	st := open(t)
	proto := unique("proto")
	tag := unique("tag") // in every Text, so searches see only this run's summaries
	whole := baseTime.Truncate(time.Second)
	ids := map[int]string{}
	texts := map[int]string{
		0: tag + " keep cron\nnobody measured the retry load",
		1: tag + " adopt a queue 100%_done\nthe dissent: cron is cheaper",
		2: tag + " adopt a queue\n",
	}
	for _, i := range []int{1, 0, 2} { // created out of time order
		s := &engine.Session{ID: unique("sess"), Protocol: proto, Status: engine.StatusCompleted,
			CreatedAt: whole.Add(time.Duration(i) * time.Minute)}
		if err := st.CreateSession(ctx(t), s); err != nil {
			t.Fatalf("CreateSession: %v", err)
		}
		ids[i] = s.ID
		sum := &engine.DecisionSummary{SessionID: s.ID, Class: "type 1B", Title: "first title", Text: texts[i]}
		if err := st.PutSummary(ctx(t), sum); err != nil {
			t.Fatalf("PutSummary: %v", err)
		}
	}
	// Replacing keeps one summary per session, with the new columns.
	title := "[Council] Adopt a queue \x00 ünïcode"
	if err := st.PutSummary(ctx(t), &engine.DecisionSummary{SessionID: ids[2], Title: title, Text: texts[2]}); err != nil {
		t.Fatalf("PutSummary again: %v", err)
	}
	search := func(limit int, words ...string) []engine.DecisionSummary {
		t.Helper()
		got, err := st.Summaries(ctx(t), append([]string{tag}, words...), limit)
		if err != nil {
			t.Fatalf("Summaries(%q, %d): %v", words, limit, err)
		}
		return got
	}
	idsOf := func(ss []engine.DecisionSummary) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.SessionID)
		}
		return out
	}
	all := search(0)
	assertIDs(t, "Summaries(tag)", idsOf(all), []string{ids[2], ids[1], ids[0]})
	if len(all) == 3 {
		got := all[0]
		if got.Protocol != proto || !got.CreatedAt.Equal(whole.Add(2*time.Minute)) || got.Title != title || got.Class != "" || got.Text != "" {
			t.Errorf("replaced summary reads back as %+v", got)
		}
		if all[1].Class != "type 1B" || all[1].Title != "first title" {
			t.Errorf("summary reads back as %+v", all[1])
		}
	}
	assertIDs(t, "Summaries(tag, limit 2)", idsOf(search(2)), []string{ids[2], ids[1]})
	assertIDs(t, "Summaries(queue)", idsOf(search(0, "queue")), []string{ids[2], ids[1]})
	assertIDs(t, "Summaries(queue, cheaper)", idsOf(search(0, "queue", "cheaper")), []string{ids[1]})
	assertIDs(t, "Summaries(measured)", idsOf(search(0, "measured")), []string{ids[0]})
	// Words are bytes to find, never patterns.
	assertIDs(t, "Summaries(%_)", idsOf(search(0, "%_")), []string{ids[1]})
	assertIDs(t, "Summaries(_)", idsOf(search(0, "q_eue")), nil)
	assertIDs(t, "Summaries(unknown)", idsOf(search(0, unique("nowhere"))), nil)
	// Without words, ours are among the rest, in order.
	every, err := st.Summaries(ctx(t), nil, 0)
	if err != nil {
		t.Fatalf("Summaries(nil): %v", err)
	}
	var ours []string
	for _, s := range every {
		if slices.Contains([]string{ids[0], ids[1], ids[2]}, s.SessionID) {
			ours = append(ours, s.SessionID)
		}
	}
	assertIDs(t, "Summaries(nil)", ours, []string{ids[2], ids[1], ids[0]})
	if err := st.PutSummary(ctx(t), &engine.DecisionSummary{SessionID: unique("nosuch"), Title: "x"}); err == nil {
		t.Error("PutSummary for an unknown session succeeded")
	}
}
