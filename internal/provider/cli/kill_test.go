package cli

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// spawner starts a grandchild that would sleep for a long time (stdout detached so only the
// group kill can end it), records its pid, then waits on it.
const spawner = `sleep 1000 >/dev/null 2>&1 &
echo $! > "$D/childpid"
wait`

func childPid(t *testing.T, s *stub) int {
	t.Helper()
	pid, err := strconv.Atoi(s.waitFile(t, "childpid"))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

func TestCancelKillsProcessGroup(t *testing.T) {
	s := newStub(t, fixture(t, "claude_ok.json"), 0, spawner)
	c, err := New(Config{Command: "claude", Binary: s.path})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := c.Complete(ctx, testReq); done <- err }()
	pid := childPid(t, s)
	cancel()
	err = <-done
	wantClass(t, err, provider.ClassTransport)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error should wrap context.Canceled: %v", err)
	}
	assertGone(t, pid)
}

func TestTimeoutKillsProcessGroup(t *testing.T) {
	s := newStub(t, fixture(t, "codex_ok.jsonl"), 0, spawner)
	c, err := New(Config{Command: "codex", Binary: s.path, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(context.Background(), testReq)
	wantClass(t, err, provider.ClassTransport)
	contains(t, err.Error(), "timed out")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error should wrap context.DeadlineExceeded: %v", err)
	}
	assertGone(t, childPid(t, s))
}

// A helper the CLI leaves behind after answering normally is killed too.
func TestStragglersAreKilledAfterSuccess(t *testing.T) {
	s := newStub(t, fixture(t, "gemini_ok.json"), 0, `sleep 1000 >/dev/null 2>&1 &
echo $! > "$D/childpid"`)
	if _, err := run(t, "gemini", s, testReq, Config{}); err != nil {
		t.Fatal(err)
	}
	assertGone(t, childPid(t, s))
}

// A helper holding the CLI's stdout open must not keep Complete waiting once the CLI exits.
func TestHelperHoldingStdoutDoesNotBlock(t *testing.T) {
	s := newStub(t, fixture(t, "gemini_ok.json"), 0, `sleep 1000 &
echo $! > "$D/childpid"`)
	c, err := New(Config{Command: "gemini", Binary: s.path, Timeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Complete(context.Background(), testReq); err != nil {
		t.Fatal(err)
	}
	assertGone(t, childPid(t, s))
}

func TestKilledBySignalIsTransport(t *testing.T) {
	s := newStub(t, "", 0, `kill -9 $$`)
	_, err := run(t, "claude", s, testReq, Config{})
	wantClass(t, err, provider.ClassTransport)
	contains(t, err.Error(), "signal")
}
