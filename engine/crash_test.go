package engine_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
)

// The helper process runs the test protocol against a state file, as a separate OS process,
// so that SIGKILL and process exit are real. It prints "calls=N" when it finishes.
const (
	envHelper     = "WR_ENGINE_HELPER"
	envDB         = "WR_ENGINE_DB"
	envCrashAfter = "WR_ENGINE_CRASH_AFTER"
	envAnswer     = "WR_ENGINE_ANSWER"
	envResume     = "WR_ENGINE_RESUME"
	testSessionID = "wr-crashtest00000001"
)

// chain is a six-step protocol with a gate after step 2: each step makes one model call fed
// the previous step's output, and mixes in a seeded random draw.
func chain(ctx context.Context, r *engine.Run, crashAfter int, withGate bool) error {
	prev := ""
	for i := 1; i <= 6; i++ {
		key := fmt.Sprintf("step-%d", i)
		out, err := engine.Step(ctx, r, key, func(ctx context.Context) (string, error) {
			res, err := r.Call(ctx, engine.CallSpec{Role: fmt.Sprintf("role-%d", i), Profile: "a",
				Inputs: []engine.NamedText{{Name: "PREVIOUS", Text: prev}}, Task: "Continue."})
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%s|%d|%s", res.Text, r.Rand(key).IntN(1_000_000), record.SHA256Hex([]byte(prev))[:8]), nil
		})
		if err != nil {
			return err
		}
		prev = out
		if i == crashAfter {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}
		if i == 2 && withGate {
			if _, err := r.Gate(ctx, "approve", "Continue past step 2?", "yes", "no"); err != nil {
				return err
			}
		}
	}
	return r.PutArtifact(ctx, "final", []byte(prev))
}

func TestHelperProcess(t *testing.T) {
	if os.Getenv(envHelper) == "" {
		t.Skip("helper process only")
	}
	ctx := context.Background()
	st, err := openHelperStore(os.Getenv(envDB))
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(1)
	}
	ps, sp := scripted(echoScript())
	rc := engine.RunConfig{Store: st, Profiles: ps}
	if a := os.Getenv(envAnswer); a != "" {
		rc.Answers = map[string]string{"approve": a}
	}
	var r *engine.Run
	if os.Getenv(envResume) != "" {
		r, err = engine.Resume(ctx, rc, testSessionID)
	} else {
		r, err = engine.Start(ctx, rc, &engine.Session{ID: testSessionID, Protocol: "test", Seed: 7})
	}
	if err != nil {
		fmt.Println("start:", err)
		os.Exit(1)
	}
	crash, _ := strconv.Atoi(os.Getenv(envCrashAfter))
	err = r.Finish(ctx, chain(ctx, r, crash, os.Getenv(envHelper) == "gate"))
	fmt.Printf("calls=%d\n", sp.Calls())
	st.Close()
	switch {
	case errors.Is(err, engine.ErrAwaitingInput):
		os.Exit(3)
	case err != nil:
		fmt.Println("run:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

func runHelper(t *testing.T, mode, db string, env ...string) (calls int, exit int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$")
	cmd.Env = append(os.Environ(), append([]string{envHelper + "=" + mode, envDB + "=" + db}, env...)...)
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			exit = -int(ws.Signal())
		} else {
			exit = ee.ExitCode()
		}
	} else {
		require.NoError(t, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if n, ok := strings.CutPrefix(line, "calls="); ok {
			calls, _ = strconv.Atoi(n)
		}
	}
	return calls, exit
}

func stepsOf(t *testing.T, db string) map[string]string {
	st := openStore(t, db)
	out := map[string]string{}
	for i := 1; i <= 6; i++ {
		b, err := st.GetStep(context.Background(), testSessionID, fmt.Sprintf("step-%d", i))
		if err == nil {
			out[fmt.Sprintf("step-%d", i)] = string(b)
		}
	}
	if b, err := st.GetArtifact(context.Background(), testSessionID, "final"); err == nil {
		out["final"] = string(b)
	}
	return out
}

func TestCrashAfterStepThreeThenResume(t *testing.T) {
	dir := t.TempDir()
	clean, crashed := filepath.Join(dir, "clean.db"), filepath.Join(dir, "crashed.db")

	calls, exit := runHelper(t, "plain", clean)
	require.Equal(t, 0, exit)
	require.Equal(t, 6, calls)

	_, exit = runHelper(t, "plain", crashed, envCrashAfter+"=3")
	require.Equal(t, -int(syscall.SIGKILL), exit, "the child must die by SIGKILL")
	afterCrash := stepsOf(t, crashed)
	require.Len(t, afterCrash, 3, "steps 1-3 were stored before the kill, nothing after")

	calls, exit = runHelper(t, "plain", crashed, envResume+"=1")
	require.Equal(t, 0, exit)
	assert.Equal(t, 3, calls, "only steps 4-6 call the provider again")
	assert.Equal(t, stepsOf(t, clean), stepsOf(t, crashed), "resumed run ends exactly like an uninterrupted one")
}

func TestGateAcrossProcesses(t *testing.T) {
	db := filepath.Join(t.TempDir(), "gate.db")
	calls, exit := runHelper(t, "gate", db)
	require.Equal(t, 3, exit, "the first process stops at the gate")
	require.Equal(t, 2, calls)
	st := openStore(t, db)
	s, err := st.GetSession(context.Background(), testSessionID)
	require.NoError(t, err)
	assert.Equal(t, engine.StatusAwaitingInput, s.Status)
	st.Close()

	calls, exit = runHelper(t, "gate", db, envResume+"=1", envAnswer+"=yes")
	require.Equal(t, 0, exit)
	assert.Equal(t, 4, calls, "the answering process runs only steps 3-6")
	assert.Contains(t, stepsOf(t, db), "final")
}
