package storetest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/war-room/war-room/engine"
)

func testRecordCAS(t *testing.T, open Opener) {
	st := open(t)
	kind := unique("cas")
	if err := st.CreateRecord(ctx(t), kind, "k", []byte("v1")); err != nil {
		t.Fatalf("CreateRecord: %v", err)
	}
	if err := st.CreateRecord(ctx(t), kind, "k", []byte("other")); !errors.Is(err, engine.ErrExists) {
		t.Errorf("CreateRecord(existing): want ErrExists, got %v", err)
	}
	assertRecord(t, st, kind, "k", "v1")
	if ok, err := st.SwapRecord(ctx(t), kind, "k", []byte("stale"), []byte("v2")); err != nil || ok {
		t.Errorf("SwapRecord(stale old) = %v, %v; want false, nil", ok, err)
	}
	assertRecord(t, st, kind, "k", "v1")
	if ok, err := st.SwapRecord(ctx(t), kind, "k", []byte("v1"), []byte("v2")); err != nil || !ok {
		t.Errorf("SwapRecord(current old) = %v, %v; want true, nil", ok, err)
	}
	assertRecord(t, st, kind, "k", "v2")
	if _, err := st.SwapRecord(ctx(t), kind, "missing", nil, []byte("x")); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("SwapRecord(missing): want ErrNotFound, got %v", err)
	}
	putRecord(t, st, kind, "empty", nil)
	if ok, err := st.SwapRecord(ctx(t), kind, "empty", nil, []byte("filled")); err != nil || !ok {
		t.Errorf("SwapRecord(nil old on an empty value) = %v, %v; want true, nil", ok, err)
	}
}

// testConcurrentCAS races creators of one record and swappers from one value: exactly one of
// each may win, whatever the store's locking.
func testConcurrentCAS(t *testing.T, st engine.Store) {
	kind := unique("cas")
	created := fanOut(t, func(w int) error {
		return st.CreateRecord(ctx(t), kind, "once", fmt.Appendf(nil, "w%d", w))
	})
	if n := countNil(created); n != 1 {
		t.Fatalf("%d of %d concurrent CreateRecord calls succeeded, want exactly 1: %v", n, workers, created)
	}
	for _, err := range created {
		if err != nil && !errors.Is(err, engine.ErrExists) {
			t.Fatalf("losing CreateRecord: want ErrExists, got %v", err)
		}
	}
	putRecord(t, st, kind, "swap", []byte("start"))
	won := make([]bool, workers)
	errs := fanOut(t, func(w int) error {
		ok, err := st.SwapRecord(ctx(t), kind, "swap", []byte("start"), fmt.Appendf(nil, "w%d", w))
		won[w] = ok
		return err
	})
	winners := 0
	for w, ok := range won {
		if errs[w] != nil {
			t.Fatalf("SwapRecord: %v", errs[w])
		}
		if ok {
			winners++
			assertRecord(t, st, kind, "swap", fmt.Sprintf("w%d", w))
		}
	}
	if winners != 1 {
		t.Fatalf("%d concurrent swaps from the same value won, want exactly 1", winners)
	}
}

func countNil(errs []error) int {
	n := 0
	for _, err := range errs {
		if err == nil {
			n++
		}
	}
	return n
}

func assertRecord(t *testing.T, st engine.Store, kind, key, want string) {
	t.Helper()
	v, err := st.GetRecord(ctx(t), kind, key)
	if err != nil || string(v) != want {
		t.Errorf("GetRecord(%s) = %q, %v; want %q", key, v, err, want)
	}
}
