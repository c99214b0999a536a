package storetest

import (
	"bytes"
	"errors"
	"testing"

	"github.com/war-room/war-room/engine"
)

func testArtifacts(t *testing.T, open Opener) {
	st := open(t)
	a, b := newSession(t, st, "p"), newSession(t, st, "p")
	if _, err := st.GetArtifact(ctx(t), a.ID, "x.md"); !errors.Is(err, engine.ErrNotFound) {
		t.Errorf("GetArtifact(missing): want ErrNotFound, got %v", err)
	}
	if got := artifacts(t, st, unique("missing")); len(got) != 0 {
		t.Errorf("Artifacts(unknown session) = %d, want none", len(got))
	}
	// Names stored out of alphabetical order; replacing one must not move it.
	putArtifact(t, st, a.ID, "synthesis.md", []byte("v1"))
	putArtifact(t, st, a.ID, "brief.md", []byte("brief"))
	putArtifact(t, st, a.ID, "manifest.json", nil)
	putArtifact(t, st, b.ID, "synthesis.md", []byte("b"))
	putArtifact(t, st, a.ID, "synthesis.md", []byte("v2"))

	got := artifacts(t, st, a.ID)
	want := []engine.Artifact{{Name: "synthesis.md", Body: []byte("v2")},
		{Name: "brief.md", Body: []byte("brief")}, {Name: "manifest.json", Body: nil}}
	if len(got) != len(want) {
		t.Fatalf("Artifacts = %d, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if got[i].Name != want[i].Name || !bytes.Equal(got[i].Body, want[i].Body) ||
			got[i].CreatedAt.IsZero() {
			t.Errorf("Artifacts[%d] = %q %q %v, want %q %q and a CreatedAt", i, got[i].Name,
				got[i].Body, got[i].CreatedAt, want[i].Name, want[i].Body)
		}
	}
	if body, err := st.GetArtifact(ctx(t), a.ID, "synthesis.md"); err != nil ||
		string(body) != "v2" {
		t.Errorf("GetArtifact(replaced) = %q, %v; want v2", body, err)
	}
	if body, err := st.GetArtifact(ctx(t), b.ID, "synthesis.md"); err != nil ||
		string(body) != "b" {
		t.Errorf("GetArtifact(other session) = %q, %v; want b", body, err)
	}
}

func putArtifact(t *testing.T, st engine.Store, session, name string, body []byte) {
	t.Helper()
	if err := st.PutArtifact(ctx(t), session, name, body); err != nil {
		t.Fatalf("PutArtifact(%s): %v", name, err)
	}
}

func artifacts(t *testing.T, st engine.Store, session string) []engine.Artifact {
	t.Helper()
	as, err := st.Artifacts(ctx(t), session)
	if err != nil {
		t.Fatalf("Artifacts(%s): %v", session, err)
	}
	return as
}
