package storetest

import (
	"errors"
	"testing"

	"github.com/war-room/war-room/engine"
)

func testRecords(t *testing.T, open Opener) {
	st := open(t)
	kind, other := unique("kind"), unique("kind")
	if _, err := st.GetRecord(ctx(t), kind, "a"); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("GetRecord(missing): want ErrNotFound, got %v", err)
	}
	if got := records(t, st, kind); len(got) != 0 {
		t.Errorf("ListRecords(unknown kind) = %d, want none", len(got))
	}
	for _, kv := range [][2]string{{"b", "1"}, {"a", "2"}, {"c", "3"}, {"B", "4"}, {"b", "5"}} {
		putRecord(t, st, kind, kv[0], []byte(kv[1]))
	}
	putRecord(t, st, other, "a", []byte("other"))
	putRecord(t, st, kind, "empty", nil)

	if v, err := st.GetRecord(ctx(t), kind, "b"); err != nil || string(v) != "5" {
		t.Errorf("GetRecord(replaced) = %q, %v; want 5", v, err)
	}
	got := records(t, st, kind)
	want := [][2]string{{"B", "4"}, {"a", "2"}, {"b", "5"}, {"c", "3"}, {"empty", ""}}
	if len(got) != len(want) {
		t.Fatalf("ListRecords = %+v, want keys %v", got, want)
	}
	for i, w := range want {
		if got[i].Kind != kind || got[i].Key != w[0] || string(got[i].Value) != w[1] {
			t.Errorf("ListRecords[%d] = %s/%s=%q, want %s/%s=%q", i, got[i].Kind, got[i].Key,
				got[i].Value, kind, w[0], w[1])
		}
	}
}

func putRecord(t *testing.T, st engine.Store, kind, key string, v []byte) {
	t.Helper()
	if err := st.PutRecord(ctx(t), kind, key, v); err != nil {
		t.Fatalf("PutRecord(%s, %s): %v", kind, key, err)
	}
}

func records(t *testing.T, st engine.Store, kind string) []engine.AdapterRecord {
	t.Helper()
	rs, err := st.ListRecords(ctx(t), kind)
	if err != nil {
		t.Fatalf("ListRecords(%s): %v", kind, err)
	}
	return rs
}
