package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/internal/store/sqlite"
)

const envDeliberateHelper = "WR_DELIBERATE_HELPER_ARGS"

// TestDeliberateHelperProcess is the war-room binary for the crash test: it runs the CLI with
// the arguments in the environment and exits with its status.
func TestDeliberateHelperProcess(t *testing.T) {
	args := os.Getenv(envDeliberateHelper)
	if args == "" {
		t.Skip("helper process only")
	}
	// As main does: an interrupt cancels the run instead of killing the process.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, newEnv(), strings.Split(args, "\x1f"))
	stop()
	os.Exit(code)
}

// held is a script response that never answers a prompt matching match: the call waits
// until its process is killed or interrupted. A child process held at the phase after the
// step a test waits for cannot finish before the test kills it, however slow the machine.
func held(match string) string {
	return "  - match: '" + match + "'\n    latency: 100000h\n    text: never sent\n"
}

// heldWarRoomEnv is a war-room environment in a fresh directory whose calls for prompts
// matching match never answer, and whose phase timeouts do not end them either.
func heldWarRoomEnv(t *testing.T, match string) *warRoomEnv {
	t.Helper()
	w := warRoomEnvAt(t, t.TempDir(), councilWith(t, held(match)))
	b, err := os.ReadFile(w.config)
	if err == nil {
		err = os.WriteFile(w.config, []byte(strings.ReplaceAll(string(b), "5s", "1000h")), 0o600)
	}
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// cliChild is the real CLI in a child process, run with args.
func cliChild(args ...string) *exec.Cmd {
	child := exec.Command(os.Args[0], "-test.run=^TestDeliberateHelperProcess$")
	child.Env = append(os.Environ(), envDeliberateHelper+"="+strings.Join(args, "\x1f"))
	return child
}

// heldRun starts `deliberate` (seed 9) in a child process on w, waits until a session has
// stored key, sends the child sig and waits for it to end. It returns the session's id and
// the ended child.
func heldRun(t *testing.T, w *warRoomEnv, key string, sig os.Signal, stderr io.Writer) (string, *exec.Cmd) {
	t.Helper()
	child := cliChild("deliberate", "--config", w.config, "--db", w.db, "Which queue?", "--seed", "9")
	child.Stderr = stderr
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { child.Wait(); close(exited) }()
	id := waitForStep(t, w.db, key, exited)
	child.Process.Signal(sig)
	<-exited
	return id, child
}

// waitForStep polls the state file until some session has stored key, and returns its id.
func waitForStep(t *testing.T, db, key string, exited <-chan struct{}) string {
	t.Helper()
	ctx := context.Background()
	// No deadline of its own: the child either stores the step or exits, and the suite
	// timeout bounds a hang; a loaded machine only makes this slower.
	for {
		st, err := sqlite.Open(ctx, db)
		if err == nil {
			ss, _ := st.ListSessions(ctx, "war-room", 0)
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
			t.Fatalf("the deliberation ended before step %s was stored", key)
		default:
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// The real CLI, killed with SIGKILL once a phase boundary is stored, continues with
// `deliberate --resume` to the Merkle root and decision of an uninterrupted run with the same
// seed, without repeating any call whose step was stored before the kill.
func TestDeliberateSurvivesSIGKILLAndResumes(t *testing.T) {
	ref := newWarRoomEnv(t, "council.yaml")
	res := ref.run("deliberate", "Which queue?", "--seed", "9", "--json")
	if res.code != 0 {
		t.Fatalf("reference run: %s", res.stderr)
	}
	var want decision.Decision
	json.Unmarshal([]byte(res.stdout), &want)

	// Each step, and the phase the child is held at after it.
	for _, c := range []struct{ key, next string }{{"p1-intel", "Phase 2, situation"}, {"p5-vote/round-1", "Phase 6, premortem"}} {
		key := c.key
		t.Run(strings.ReplaceAll(key, "/", "_"), func(t *testing.T) {
			w := heldWarRoomEnv(t, c.next)
			id, child := heldRun(t, w, key, syscall.SIGKILL, nil)
			if ws := child.ProcessState.Sys().(syscall.WaitStatus); ws.Signal() != syscall.SIGKILL {
				t.Fatalf("the deliberation was not killed: %v", child.ProcessState)
			}
			st := w.store()
			ctx := context.Background()
			killed, _ := st.Ledger(ctx, id)
			stored := map[string]bool{}
			for _, e := range killed {
				if _, err := st.GetStep(ctx, id, e.Step); err == nil {
					stored[e.Step] = true
				}
			}

			fast := warRoomEnvAt(t, w.dir, councilWith(t, ""))
			res := fast.run("deliberate", "--resume", id, "--json")
			if res.code != 0 {
				t.Fatalf("resume: exit %d\n%s", res.code, res.stderr)
			}
			var got decision.Decision
			json.Unmarshal([]byte(res.stdout), &got)
			if g, w := contributionsRoot(t, fast.store(), id), contributionsRoot(t, ref.store(), want.SessionID); g != w {
				t.Errorf("contributions root %s after resume, %s uninterrupted", g, w)
			}
			if g, w := alternativesOf(got), alternativesOf(want); g != w {
				t.Errorf("alternatives differ:\n%s\n%s", g, w)
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

func alternativesOf(d decision.Decision) string {
	b, _ := json.Marshal(d.Alternatives)
	return string(b)
}

// Ctrl-C in the middle of a phase stops the real CLI with exit 1 and the command that
// continues the session; that command finishes it.
func TestDeliberateInterruptedSaysHowToResume(t *testing.T) {
	w := heldWarRoomEnv(t, "Phase 2, situation")
	var stderr strings.Builder
	id, child := heldRun(t, w, "p1-intel", os.Interrupt, &stderr)
	if code := child.ProcessState.ExitCode(); code != exitFailure {
		t.Fatalf("exit %d after an interrupt, want %d\n%s", code, exitFailure, stderr.String())
	}
	if want := "continue with: war-room deliberate --resume " + id; !strings.Contains(stderr.String(), want) {
		t.Fatalf("stderr does not say how to continue (%q):\n%s", want, stderr.String())
	}
	fast := warRoomEnvAt(t, w.dir, councilWith(t, ""))
	if res := fast.run("deliberate", "--resume", id); res.code != 0 || !strings.Contains(res.stdout, "merkle root") {
		t.Fatalf("resume: exit %d\n%s", res.code, res.stderr)
	}
}

// Two `deliberate --resume` started together right after the run was killed: the killed
// process's lease is taken over at once (it no longer runs), one resume continues the
// session while the other waits for it, and every call is made once — the ledger holds no
// step answered twice, and both commands end with the decision.
func TestTwoResumesAfterAKillPayOnce(t *testing.T) {
	w := heldWarRoomEnv(t, "Phase 6, premortem")
	id, _ := heldRun(t, w, "p5-vote/round-1", syscall.SIGKILL, nil)

	fast := warRoomEnvAt(t, w.dir, councilWith(t, ""))
	type result struct {
		code   int
		stderr string
	}
	results := make(chan result, 2)
	for range 2 {
		resume := cliChild("deliberate", "--config", fast.config, "--db", fast.db, "--resume", id, "--json")
		var stderr strings.Builder
		resume.Stderr = &stderr
		if err := resume.Start(); err != nil {
			t.Fatal(err)
		}
		go func() {
			resume.Wait()
			results <- result{resume.ProcessState.ExitCode(), stderr.String()}
		}()
	}
	var stderrs []string
	for range 2 {
		r := <-results
		if r.code != 0 {
			t.Errorf("a resume exited %d:\n%s", r.code, r.stderr)
		}
		stderrs = append(stderrs, r.stderr)
	}
	all := strings.Join(stderrs, "\n")
	if !strings.Contains(all, "which no longer runs; taking it over") {
		t.Errorf("neither resume took over the killed run's lease:\n%s", all)
	}
	ctx := context.Background()
	st := fast.store()
	s, err := st.GetSession(ctx, id)
	if err != nil || s.Status != engine.StatusCompleted {
		t.Fatalf("session %v %v", s, err)
	}
	entries, err := st.Ledger(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	answered := map[string]int{}
	for _, e := range entries {
		if e.Outcome == ledger.OutcomeOK {
			answered[e.Step+" "+e.Role]++
		}
	}
	for k, n := range answered {
		if n > 1 {
			t.Errorf("%s was answered %d times", k, n)
		}
	}
}
