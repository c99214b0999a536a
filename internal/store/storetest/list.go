package storetest

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
)

func testListSessions(t *testing.T, open Opener) {
	st := open(t)
	p1, p2 := unique("proto"), unique("proto")
	// Created out of time order, so insertion order cannot pass for time order; whole
	// seconds, so that a timestamp text which drops a zero fraction would sort wrongly.
	whole := baseTime.Truncate(time.Second)
	ids := map[int]string{}
	for _, i := range []int{2, 0, 4, 1, 3} {
		s := &engine.Session{ID: unique("sess"), Protocol: p1, Status: engine.StatusRunning,
			CreatedAt: whole.Add(time.Duration(i) * time.Minute)}
		if i == 4 {
			s.Protocol = p2
		}
		if err := st.CreateSession(ctx(t), s); err != nil {
			t.Fatalf("CreateSession: %v", err)
		}
		ids[i] = s.ID
	}
	// A tenth of a second later than session 3 must still count as newer.
	late := &engine.Session{ID: unique("sess"), Protocol: p1, Status: engine.StatusRunning,
		CreatedAt: whole.Add(3*time.Minute + 100*time.Millisecond)}
	if err := st.CreateSession(ctx(t), late); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}

	want := []string{late.ID, ids[3], ids[2], ids[1], ids[0]}
	assertIDs(t, "ListSessions(p1, 0)", list(t, st, p1, 0), want)
	assertIDs(t, "ListSessions(p1, 2)", list(t, st, p1, 2), want[:2])
	assertIDs(t, "ListSessions(p2, 0)", list(t, st, p2, 0), []string{ids[4]})
	assertIDs(t, "ListSessions(unknown, 0)", list(t, st, unique("proto"), 0), nil)

	// Without a filter, the store may hold other sessions: check ours are all there, in order.
	var ours []string
	mine := append(slices.Clone(want), ids[4])
	for _, id := range list(t, st, "", 0) {
		if slices.Contains(mine, id) {
			ours = append(ours, id)
		}
	}
	assertIDs(t, "ListSessions(\"\", 0)", ours, []string{ids[4], late.ID, ids[3], ids[2],
		ids[1], ids[0]})
	testSessionHeads(t, st, p1)
}

// testSessionHeads: a store's ListSessionHeads lists what ListSessions lists, in its order and
// with every field, but the inputs, which it leaves empty.
func testSessionHeads(t *testing.T, st engine.Store, protocol string) {
	h, ok := st.(engine.HeadLister)
	if !ok {
		return
	}
	big := &engine.Session{ID: unique("sess"), Protocol: protocol, Title: "with context", Status: engine.StatusRunning,
		Seed: 7, SeedSource: "test", Inputs: []engine.Input{engine.NewInput("CONTEXT", "a long context")},
		CreatedAt: baseTime.Add(time.Hour)}
	if err := st.CreateSession(ctx(t), big); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	full, err := st.ListSessions(ctx(t), protocol, 3)
	if err != nil {
		t.Fatal(err)
	}
	heads, err := h.ListSessionHeads(ctx(t), protocol, 3)
	if err != nil {
		t.Fatalf("ListSessionHeads: %v", err)
	}
	if len(heads) != len(full) || len(full) == 0 || full[0].ID != big.ID || len(full[0].Inputs) != 1 {
		t.Fatalf("ListSessionHeads gave %d sessions, ListSessions %d (first %+v)", len(heads), len(full), full)
	}
	for i := range full {
		want := full[i]
		want.Inputs = nil
		got := heads[i]
		if len(got.Inputs) != 0 {
			t.Errorf("ListSessionHeads[%d] has inputs %+v", i, got.Inputs)
		}
		if got.Inputs = nil; !reflect.DeepEqual(got, want) {
			t.Errorf("ListSessionHeads[%d] = %+v, want ListSessions' %+v without inputs", i, got, want)
		}
	}
}

func list(t *testing.T, st engine.Store, protocol string, limit int) []string {
	t.Helper()
	ss, err := st.ListSessions(ctx(t), protocol, limit)
	if err != nil {
		t.Fatalf("ListSessions(%q, %d): %v", protocol, limit, err)
	}
	var ids []string
	for _, s := range ss {
		ids = append(ids, s.ID)
	}
	return ids
}

func assertIDs(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}
