package storetest

import (
	"bytes"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
)

func testSessions(t *testing.T, open Opener) {
	st := open(t)
	want := &engine.Session{ID: unique("sess"), Protocol: unique("proto"), Title: "Adopt Ω",
		Inputs: []engine.Input{engine.NewInput("question", "why?\x00\n"),
			engine.NewInput("facts", "héllo")},
		Seed: -1 << 40, SeedSource: "crypto/rand", Options: []byte(`{"rounds":3}`),
		Status: engine.StatusAwaitingInput, Error: "", CreatedAt: baseTime,
		UpdatedAt: baseTime.Add(time.Second)}
	if err := st.CreateSession(ctx(t), want); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	got, err := st.GetSession(ctx(t), want.ID)
	if err != nil {
		t.Fatalf("GetSession: %v", err)
	}
	assertSession(t, got, want)

	dup := *want
	dup.Title = "other"
	if err := st.CreateSession(ctx(t), &dup); !errors.Is(err, engine.ErrExists) {
		t.Errorf("CreateSession with an existing id: want ErrExists, got %v", err)
	}
	if got, _ := st.GetSession(ctx(t), want.ID); got != nil && got.Title != want.Title {
		t.Errorf("duplicate CreateSession changed the title to %q", got.Title)
	}
	if _, err := st.GetSession(ctx(t), unique("missing")); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("GetSession(missing): want ErrNotFound, got %v", err)
	}
	testZeroCreatedAt(t, st)
	testSetStatus(t, st)
}

func assertSession(t *testing.T, got, want *engine.Session) {
	t.Helper()
	if got.ID != want.ID || got.Protocol != want.Protocol || got.Title != want.Title ||
		got.Seed != want.Seed || got.SeedSource != want.SeedSource ||
		got.Status != want.Status || got.Error != want.Error {
		t.Errorf("session scalars:\n got %+v\nwant %+v", got, want)
	}
	if !reflect.DeepEqual(got.Inputs, want.Inputs) {
		t.Errorf("inputs: got %q, want %q", got.Inputs, want.Inputs)
	}
	if !bytes.Equal(got.Options, want.Options) {
		t.Errorf("options: got %q, want %q", got.Options, want.Options)
	}
	if !got.CreatedAt.Equal(want.CreatedAt) || !got.UpdatedAt.Equal(want.UpdatedAt) {
		t.Errorf("times: got %v/%v, want %v/%v", got.CreatedAt, got.UpdatedAt,
			want.CreatedAt, want.UpdatedAt)
	}
}

func testZeroCreatedAt(t *testing.T, st engine.Store) {
	s := &engine.Session{ID: unique("sess"), Protocol: "p", Status: engine.StatusRunning}
	if err := st.CreateSession(ctx(t), s); err != nil {
		t.Fatalf("CreateSession: %v", err)
	}
	got, err := st.GetSession(ctx(t), s.ID)
	if err != nil {
		t.Fatalf("GetSession: %v", err)
	}
	if got.CreatedAt.IsZero() {
		t.Errorf("a zero CreatedAt was not filled in by the store")
	}
}

func testSetStatus(t *testing.T, st engine.Store) {
	s := newSession(t, st, "p")
	if err := st.SetStatus(ctx(t), s.ID, engine.StatusFailed, "model timed out"); err != nil {
		t.Fatalf("SetStatus: %v", err)
	}
	got, err := st.GetSession(ctx(t), s.ID)
	if err != nil {
		t.Fatalf("GetSession: %v", err)
	}
	if got.Status != engine.StatusFailed || got.Error != "model timed out" {
		t.Errorf("after SetStatus(failed): status %q error %q", got.Status, got.Error)
	}
	if got.UpdatedAt.Equal(s.UpdatedAt) || got.Title != s.Title {
		t.Errorf("SetStatus: UpdatedAt not moved (%v) or title changed (%q)", got.UpdatedAt, got.Title)
	}
	if err := st.SetStatus(ctx(t), s.ID, engine.StatusRunning, ""); err != nil {
		t.Fatalf("SetStatus: %v", err)
	}
	if got, _ := st.GetSession(ctx(t), s.ID); got == nil || got.Status != engine.StatusRunning ||
		got.Error != "" {
		t.Errorf("after SetStatus(running, \"\"): %+v", got)
	}
	err = st.SetStatus(ctx(t), unique("missing"), engine.StatusCompleted, "")
	if !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("SetStatus(missing): want ErrNotFound, got %v", err)
	}
}
