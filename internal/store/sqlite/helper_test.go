package sqlite_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// The helper process is this test binary re-executed with envMode set, so that a second
// writer is a real OS process with its own SQLite connections and file locks, and SIGKILL is
// a real crash.
const (
	envMode    = "WR_SQLITE_HELPER"
	envDB      = "WR_SQLITE_DB"
	envSession = "WR_SQLITE_SESSION"
	envName    = "WR_SQLITE_NAME"
	envCount   = "WR_SQLITE_COUNT"
)

// TestHelperProcess is not a test: it is the body of the helper process.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(envMode)
	if mode == "" {
		t.Skip("runs only as a helper process")
	}
	if err := helper(mode); err != nil {
		fmt.Fprintln(os.Stderr, "helper:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

func helper(mode string) error {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, os.Getenv(envDB))
	if err != nil {
		return err
	}
	defer st.Close()
	n, _ := strconv.Atoi(os.Getenv(envCount))
	session, name := os.Getenv(envSession), os.Getenv(envName)
	switch mode {
	case "write":
		// Say we are ready, then wait for the parent to close stdin so that every writer
		// starts at once.
		fmt.Println("ready")
		io.Copy(io.Discard, os.Stdin)
		return writeRows(ctx, st, session, name, n, nil)
	case "crash":
		return writeRows(ctx, st, session, name, n, func(key string) { fmt.Println("put " + key) })
	}
	return fmt.Errorf("unknown mode %q", mode)
}

// writeRows stores n steps and n ledger entries named name/0 … name/n-1, calling done after
// each step and its ledger entry have been stored.
func writeRows(ctx context.Context, st engine.Store, session, name string, n int,
	done func(key string)) error {
	for i := range n {
		key := fmt.Sprintf("%s/%d", name, i)
		if err := st.PutStep(ctx, session, key, stepValue(key)); err != nil {
			return err
		}
		if err := st.AppendLedger(ctx, &ledger.Entry{SessionID: session, Step: key,
			Attempt: i, Outcome: ledger.OutcomeOK}); err != nil {
			return err
		}
		if done != nil {
			done(key)
		}
	}
	return nil
}

// stepValue is the result stored under key: distinct per key, a few hundred bytes long.
func stepValue(key string) []byte {
	return fmt.Appendf(nil, "%s|%0400d|%s", key, len(key), record.SHA256Hex([]byte(key)))
}

// helperCmd builds a helper process of mode writing as name.
func helperCmd(t *testing.T, mode, path, session, name string, n int) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), envMode+"="+mode, envDB+"="+path, envSession+"="+session,
		envName+"="+name, envCount+"="+strconv.Itoa(n))
	cmd.Stderr = &lockedBuffer{}
	return cmd
}

// readLine reads one newline-terminated line; a line cut short by a crash is not returned.
func readLine(r *bufio.Reader) (string, bool) {
	line, err := r.ReadString('\n')
	if err != nil {
		return "", false
	}
	return line[:len(line)-1], true
}
