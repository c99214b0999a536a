package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/store/sqlite"
)

const envConveneHelper = "WR_CONVENE_HELPER_ARGS"

// TestConveneHelperProcess is the war-room binary for the crash test: it runs the CLI with
// the arguments in the environment and exits with its status.
func TestConveneHelperProcess(t *testing.T) {
	args := os.Getenv(envConveneHelper)
	if args == "" {
		t.Skip("helper process only")
	}
	os.Exit(run(context.Background(), newEnv(), strings.Split(args, "\x1f")))
}

// waitForCouncilStep polls the state file until the council session has stored key, and
// returns its id.
func waitForCouncilStep(t *testing.T, db, key string, exited <-chan struct{}) string {
	t.Helper()
	ctx := context.Background()
	// No deadline of its own: the child either stores the step or exits, and the suite
	// timeout bounds a hang; a loaded machine only makes this slower.
	for {
		if st, err := sqlite.Open(ctx, db); err == nil {
			ss, _ := st.ListSessions(ctx, "council", 0)
			for _, s := range ss {
				if _, err := st.GetStep(ctx, s.ID, key); err == nil {
					st.Close()
					return s.ID
				}
			}
			st.Close()
		}
		select {
		case <-exited:
			t.Fatalf("the session ended before step %s was stored", key)
		default:
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// The real CLI, killed with SIGKILL once a phase is stored and while the next phase's calls
// are in flight, continues with `convene --resume` to the Merkle root and decision of an
// uninterrupted run with the same seed, without repeating any call whose step was stored.
func TestConveneSurvivesSIGKILLAndResumes(t *testing.T) {
	ref := newCouncilEnv(t, "")
	res := ref.run("convene", "--go", "Queue?", "--seed", "9", "--json")
	if res.code != 0 {
		t.Fatalf("reference run: %s", res.stderr)
	}
	var want decision.Decision
	json.Unmarshal([]byte(res.stdout), &want)

	// Each step, and the call the child is held at after it.
	for _, hold := range []struct{ key, next string }{{"blind", "File the docket"}, {"docket", "Cross-examination, round"},
		{"closing/skeptic", `Ruling\.`}} {
		key := hold.key
		t.Run(strings.ReplaceAll(key, "/", "_"), func(t *testing.T) {
			t.Parallel()
			c := councilEnvAt(t, t.TempDir(), held(hold.next), "")
			child := exec.Command(os.Args[0], "-test.run=^TestConveneHelperProcess$")
			child.Env = append(os.Environ(), envConveneHelper+"="+strings.Join([]string{"convene", "--go",
				"--config", c.config, "--db", c.db, "Queue?", "--seed", "9"}, "\x1f"))
			if err := child.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan struct{})
			go func() { child.Wait(); close(exited) }()
			id := waitForCouncilStep(t, c.db, key, exited)
			child.Process.Signal(syscall.SIGKILL)
			<-exited
			if ws := child.ProcessState.Sys().(syscall.WaitStatus); ws.Signal() != syscall.SIGKILL {
				t.Fatalf("the session was not killed: %v", child.ProcessState)
			}
			st := c.store()
			ctx := context.Background()
			killed, _ := st.Ledger(ctx, id)
			stored := map[string]bool{}
			for _, e := range killed {
				if _, err := st.GetStep(ctx, id, e.Step); err == nil {
					stored[e.Step] = true
				}
			}

			fast := councilEnvAt(t, c.dir, "", "")
			res := fast.run("convene", "--resume", id, "--json")
			if res.code != 0 {
				t.Fatalf("resume: exit %d\n%s", res.code, res.stderr)
			}
			var got decision.Decision
			json.Unmarshal([]byte(res.stdout), &got)
			if g, w := contributionsRoot(t, fast.store(), id), contributionsRoot(t, ref.store(), want.SessionID); g != w {
				t.Errorf("contributions root %s after resume, %s uninterrupted", g, w)
			}
			if g, w := strings.Join(got.Dissent, "\n"), strings.Join(want.Dissent, "\n"); g != w {
				t.Errorf("dissent differs:\n%s\n%s", g, w)
			}
			after, _ := st.Ledger(ctx, id)
			for _, e := range after[len(killed):] {
				if stored[e.Step] {
					t.Errorf("call for %s repeated after resume", e.Step)
				}
			}
		})
	}
}
