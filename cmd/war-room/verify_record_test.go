package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/engine/verify"
)

// protocolRun is one finished session of a protocol, run through the CLI: how to run further
// commands on its state file, and where that file is.
type protocolRun struct {
	run func(name string, args ...string) cliResult
	db  string
	id  string
}

// finishedRuns runs one session of each protocol with the script provider.
func finishedRuns(t *testing.T) map[string]func(t *testing.T) protocolRun {
	return map[string]func(t *testing.T) protocolRun{
		"war-room": func(t *testing.T) protocolRun {
			w := newWarRoomEnv(t, "council.yaml")
			mustExit(t, w.run("deliberate", "Which queue?", "--seed", "5"), 0)
			return protocolRun{run: w.run, db: w.db, id: w.onlySession()}
		},
		"council": func(t *testing.T) protocolRun {
			c := newCouncilEnv(t, "")
			mustExit(t, c.run("convene", "--go", "Which queue?", "--seed", "5"), 0)
			return protocolRun{run: c.run, db: c.db, id: c.sessions()[0].ID}
		},
		"reason": func(t *testing.T) protocolRun {
			r := newReasonEnv(t, []string{"claude", "gpt"}, twoScripted("conforming.yaml"), "")
			mustExit(t, r.run(false, "", "Should we keep PostgreSQL?", "--seed", "5"), 0)
			ss, _ := r.sessions()
			run := func(name string, args ...string) cliResult { return r.command(false, "", name, args...) }
			return protocolRun{run: run, db: r.db, id: ss[0].ID}
		},
	}
}

func mustExit(t *testing.T, res cliResult, code int) {
	t.Helper()
	if res.code != code {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", res.code, code, res.stdout, res.stderr)
	}
}

// TestVerifyCoversTheWholeRecord: for every protocol, an untouched session verifies, and an
// edit made to the SQLite file behind war-room's back — of a contribution, of a stored step,
// of decision.json — is named by verify and refused by decisions show and publish.
func TestVerifyCoversTheWholeRecord(t *testing.T) {
	edits := map[string]struct {
		edit func(t *testing.T, db *sql.DB, id string)
		want string
	}{
		"contribution": {editContribution, "contribution "},
		"step":         {editStep, "step "},
		"decision":     {editDecision, "decision decision.json"},
	}
	for protocol, start := range finishedRuns(t) {
		t.Run(protocol, func(t *testing.T) {
			t.Parallel()
			p := start(t)
			res := p.run("verify", p.id)
			mustExit(t, res, 0)
			if !strings.HasPrefix(res.stdout, "OK "+p.id) || !strings.Contains(res.stdout, "decision; root ") {
				t.Fatalf("untouched session:\n%s", res.stdout)
			}
			for name, e := range edits {
				t.Run(name, func(t *testing.T) {
					q := start(t)
					db := rawDB(t, q.db)
					e.edit(t, db, q.id)
					db.Close()
					res := q.run("verify", q.id)
					mustExit(t, res, exitFailure)
					if first := strings.SplitN(res.stdout, "\n", 3); len(first) < 2 || !strings.Contains(first[1], e.want) {
						t.Fatalf("the first problem is not the %s edited (want %q):\n%s", name, e.want, res.stdout)
					}
					for _, cmd := range [][]string{{"decisions", "show", q.id}, {"publish", q.id, "--repo", "acme/widgets"}} {
						res := q.run(cmd[0], cmd[1:]...)
						if res.code != exitFailure || !strings.Contains(res.stderr, "no longer verifies") {
							t.Errorf("%s after a %s edit: exit %d\n%s%s", cmd[0], name, res.code, res.stdout, res.stderr)
						}
					}
				})
			}
		})
	}
}

func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	return db
}

func artifact(t *testing.T, db *sql.DB, id, name string) []byte {
	t.Helper()
	var body []byte
	if err := db.QueryRow(`SELECT body FROM artifacts WHERE session_id = ? AND name = ?`, id, name).Scan(&body); err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	return body
}

func setArtifact(t *testing.T, db *sql.DB, id, name string, body []byte) {
	t.Helper()
	if _, err := db.Exec(`UPDATE artifacts SET body = ? WHERE session_id = ? AND name = ?`, body, id, name); err != nil {
		t.Fatal(err)
	}
}

// editContribution rewrites one contribution's text in the stored DAG.
func editContribution(t *testing.T, db *sql.DB, id string) {
	var d record.DAG
	if err := json.Unmarshal(artifact(t, db, id, record.DAGArtifact), &d); err != nil {
		t.Fatal(err)
	}
	d.Nodes[len(d.Nodes)/2].Content += "\n(edited afterwards)"
	b, _ := json.Marshal(d)
	setArtifact(t, db, id, record.DAGArtifact, b)
}

// editStep rewrites a stored step that carries model text (a resume would reuse it).
func editStep(t *testing.T, db *sql.DB, id string) {
	rows, err := db.Query(`SELECT key, result FROM steps WHERE session_id = ? ORDER BY key`, id)
	if err != nil {
		t.Fatal(err)
	}
	var key string
	var result []byte
	for rows.Next() && key == "" {
		var k string
		var r []byte
		if err := rows.Scan(&k, &r); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(k, "engine/") && bytes.Contains(r, []byte(`"text"`)) {
			key, result = k, r
		}
	}
	rows.Close()
	if key == "" {
		t.Fatal("no step with model text")
	}
	edited := bytes.Replace(result, []byte(`"text":"`), []byte(`"text":"EDITED `), 1)
	if _, err := db.Exec(`UPDATE steps SET result = ? WHERE session_id = ? AND key = ?`, edited, id, key); err != nil {
		t.Fatal(err)
	}
}

// editDecision turns the dissent into agreement in decision.json.
func editDecision(t *testing.T, db *sql.DB, id string) {
	var d decision.Decision
	if err := json.Unmarshal(artifact(t, db, id, engine.DecisionArtifact), &d); err != nil {
		t.Fatal(err)
	}
	d.Dissent = []string{"fully agreed"}
	b, _ := json.MarshalIndent(d, "", "  ")
	setArtifact(t, db, id, engine.DecisionArtifact, b)
}

func TestVerifyUsage(t *testing.T) {
	w := newWarRoomEnv(t, "council.yaml")
	for _, args := range [][]string{{}, {"a", "b"}, {"wr-unknown"}} {
		if res := w.run("verify", args...); res.code != exitUsage {
			t.Errorf("verify %v: exit %d\n%s", args, res.code, res.stderr)
		}
	}
}

// deliberated runs one deliberation and returns the env and session id.
func deliberated(t *testing.T) (*warRoomEnv, string) {
	t.Helper()
	w := newWarRoomEnv(t, "council.yaml")
	mustExit(t, w.run("deliberate", "Which queue?", "--seed", "5"), 0)
	return w, w.onlySession()
}

// tamper rewrites the stored DAG through the store.
func tamper(t *testing.T, w *warRoomEnv, id string, edit func(d *record.DAG)) {
	t.Helper()
	st := w.store()
	d, err := engine.LoadDAG(context.Background(), st, id)
	if err != nil {
		t.Fatal(err)
	}
	edit(d)
	b, _ := json.Marshal(d)
	if err := st.PutArtifact(context.Background(), id, record.DAGArtifact, b); err != nil {
		t.Fatal(err)
	}
}

// A DAG rewritten consistently (every hash and its root recomputed) still fails against the
// root the sealed record committed to.
func TestVerifyDetectsAConsistentForgery(t *testing.T) {
	w, id := deliberated(t)
	tamper(t, w, id, func(d *record.DAG) {
		forged := record.NewDAG(d.SessionID)
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
	if res.code != exitFailure || !strings.Contains(res.stdout, "contribution root (dag_root)") {
		t.Fatalf("exit %d\n%s", res.code, res.stdout)
	}
}

// contributionsRoot is the root of a session's stored DAG, after checking that the whole
// record verifies. Two runs with one seed and one script reach the same contributions root;
// the sealed record's root also commits to the steps, which carry when they ran.
func contributionsRoot(t *testing.T, st engine.Store, id string) string {
	t.Helper()
	rep, err := verify.Session(context.Background(), st, id)
	if err != nil || !rep.OK() {
		t.Fatalf("session %s does not verify: %v %+v", id, err, rep.Problems)
	}
	d, err := engine.LoadDAG(context.Background(), st, id)
	if err != nil {
		t.Fatal(err)
	}
	return d.Root
}

// verify cannot be downgraded: with the sealed record deleted, every step's digest blanked
// and the decision edited, a session is not "an older war-room's, nothing to check" — it
// fails, naming the blanked steps and the missing seal.
func TestVerifyCannotBeDowngraded(t *testing.T) {
	for protocol, start := range finishedRuns(t) {
		t.Run(protocol, func(t *testing.T) {
			p := start(t)
			db := rawDB(t, p.db)
			editDecision(t, db, p.id)
			if _, err := db.Exec(`UPDATE steps SET sha256 = '' WHERE session_id = ?`, p.id); err != nil {
				t.Fatal(err)
			}
			res, err := db.Exec(`DELETE FROM artifacts WHERE session_id = ? AND name = ?`, p.id, engine.RecordArtifact)
			if n, _ := res.RowsAffected(); err != nil || n != 1 {
				t.Fatalf("delete the sealed record: %d row(s), %v", n, err)
			}
			db.Close()
			out := p.run("verify", p.id)
			mustExit(t, out, exitFailure)
			if !strings.Contains(out.stdout, "record record.json: stored (missing), recomputed a decision with no sealed record") ||
				!strings.Contains(out.stdout, "step ") || strings.Contains(out.stdout, "older war-room") {
				t.Errorf("a downgraded session:\n%s", out.stdout)
			}
		})
	}
}
