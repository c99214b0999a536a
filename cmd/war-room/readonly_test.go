package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/internal/store/sqlite"
)

// TestAReadOnlyStateFileIsReadAndNeverWritten: on a state file whose directory cannot be
// written (as on a read-only mount), decisions, verify and doctor read it; resume, which
// would write, stops before anything saying the store is read-only. Root writes anywhere, so
// as root the built CLI runs as nobody.
func TestAReadOnlyStateFileIsReadAndNeverWritten(t *testing.T) {
	dir := t.TempDir()
	script, err := filepath.Abs(filepath.Join("testdata", "warroom", "council.yaml"))
	require.NoError(t, err)
	w := warRoomEnvAt(t, dir, script)
	mustExit(t, w.run("deliberate", "Which queue?", "--seed", "5"), 0)
	st, err := sqlite.Open(context.Background(), w.db)
	require.NoError(t, err)
	ss, err := st.ListSessions(context.Background(), "war-room", 0)
	require.NoError(t, err)
	require.Len(t, ss, 1)
	id := ss[0].ID
	require.NoError(t, st.Close())

	for _, d := range []string{filepath.Dir(dir), filepath.Dir(actionBinary)} {
		require.NoError(t, os.Chmod(d, 0o755))
	}
	require.NoError(t, os.Chmod(w.db, 0o444))
	require.NoError(t, os.Chmod(w.config, 0o444))
	require.NoError(t, os.Chmod(dir, 0o555))
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })

	cli := func(args ...string) (string, int) {
		cmd := exec.Command(actionBinary, args...)
		cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}
		if os.Geteuid() == 0 {
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		}
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		return string(out), code
	}
	out, code := cli("verify", id, "--db", w.db)
	assert.Equal(t, 0, code, out)
	assert.True(t, strings.HasPrefix(out, "OK "+id), out)
	out, code = cli("decisions", "list", "--db", w.db)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, id)
	out, code = cli("decisions", "show", id, "--db", w.db)
	assert.Equal(t, 0, code, out)
	assert.Contains(t, out, "Which queue?")

	out, code = cli("resume", id, "--config", w.config, "--db", w.db)
	assert.NotEqual(t, 0, code, out)
	assert.Contains(t, out, w.db+" is read-only", out)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.ElementsMatch(t, []string{"state.db", filepath.Base(w.config)}, names, "nothing was made beside the file")
}
