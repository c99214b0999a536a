package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
)

// deliberated runs one deliberation and returns the env and session id.
func deliberated(t *testing.T) (*warRoomEnv, string) {
	t.Helper()
	w := newWarRoomEnv(t, "council.yaml")
	if res := w.run("deliberate", "Which queue?", "--seed", "5"); res.code != 0 {
		t.Fatalf("deliberate: exit %d\n%s", res.code, res.stderr)
	}
	return w, w.onlySession()
}

// tamper rewrites the stored DAG.
func tamper(t *testing.T, w *warRoomEnv, id string, edit func(d *engine.DAG)) {
	t.Helper()
	st := w.store()
	d, err := engine.LoadDAG(context.Background(), st, id)
	if err != nil {
		t.Fatal(err)
	}
	edit(d)
	b, _ := json.Marshal(d)
	if err := st.PutArtifact(context.Background(), id, engine.DAGArtifact, b); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyAcceptsAnUntouchedSession(t *testing.T) {
	w, id := deliberated(t)
	res := w.run("verify", id)
	if res.code != 0 || !strings.HasPrefix(res.stdout, "OK "+id) {
		t.Fatalf("exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}

func TestVerifyNamesATamperedNode(t *testing.T) {
	w, id := deliberated(t)
	var victim engine.DAGNode
	tamper(t, w, id, func(d *engine.DAG) {
		for i, n := range d.Nodes {
			if n.Phase == "coa" {
				d.Nodes[i].Content += "\n(edited after the vote)"
				victim = n
				break
			}
		}
	})
	res := w.run("verify", id)
	if res.code != exitFailure {
		t.Fatalf("exit %d, want %d\n%s", res.code, exitFailure, res.stdout)
	}
	want := "node " + victim.ID + " (" + victim.Label + ", coa) content_hash"
	if !strings.Contains(res.stdout, want) || !strings.Contains(res.stdout, "FAILED") {
		t.Fatalf("stdout does not name %q:\n%s", want, res.stdout)
	}
}

func TestVerifyDetectsATamperedRoot(t *testing.T) {
	w, id := deliberated(t)
	tamper(t, w, id, func(d *engine.DAG) { d.Root = strings.Repeat("0", 64) })
	res := w.run("verify", id, "--json")
	if res.code != exitFailure {
		t.Fatalf("exit %d\n%s", res.code, res.stdout)
	}
	var rep verifyReport
	if err := json.Unmarshal([]byte(res.stdout), &rep); err != nil {
		t.Fatal(err, res.stdout)
	}
	if rep.OK || len(rep.Problems) != 1 || rep.Problems[0].Field != "root" || rep.Problems[0].Node != "" {
		t.Fatalf("want exactly the root reported, got %+v", rep.Problems)
	}
}

// A DAG rewritten consistently (hashes and root recomputed) still fails against the root the
// decision recorded.
func TestVerifyDetectsAConsistentForgeryByTheDecisionRoot(t *testing.T) {
	w, id := deliberated(t)
	tamper(t, w, id, func(d *engine.DAG) {
		forged := engine.NewDAG(d.SessionID)
		for _, n := range d.Nodes {
			if n.Phase == "coa" && n.Label == "Response A" {
				n.Content = "a different plan"
			}
			if _, err := forged.Add(n.Content, n.Phase, n.Round, n.Label, n.Author, n.Parent, n.At); err != nil {
				t.Fatal(err)
			}
		}
		*d = *forged
	})
	res := w.run("verify", id)
	if res.code != exitFailure || !strings.Contains(res.stdout, "decision root") {
		t.Fatalf("exit %d\n%s", res.code, res.stdout)
	}
}

func TestVerifyUsage(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	for _, args := range [][]string{{}, {"a", "b"}, {"wr-unknown"}} {
		if res := w.run("verify", args...); res.code != exitUsage {
			t.Errorf("verify %v: exit %d\n%s", args, res.code, res.stderr)
		}
	}
}
