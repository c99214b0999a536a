package cli

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/war-room/war-room/internal/testwait"
)

// stub is a stand-in for a vendor CLI: a shell script in a temp dir that records its argv,
// stdin, environment and working directory, then prints canned stdout and exits.
type stub struct {
	dir, path string
}

// newStub writes the stub. body runs after the recording and before the canned output.
func newStub(t *testing.T, stdout string, exit int, body string) *stub {
	t.Helper()
	s := &stub{dir: t.TempDir()}
	s.path = filepath.Join(s.dir, "fake-cli")
	if err := os.WriteFile(filepath.Join(s.dir, "stdout"), []byte(stdout), 0o600); err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf(`#!/bin/sh
D=%q
for a in "$@"; do printf '%%s\n' "$a"; done > "$D/argv"
cat > "$D/stdin"
env > "$D/env"
pwd > "$D/pwd"
ls -A . > "$D/listing"
if [ -n "$GEMINI_CLI_SYSTEM_SETTINGS_PATH" ]; then cat "$GEMINI_CLI_SYSTEM_SETTINGS_PATH" > "$D/gemini_settings"; fi
%s
cat "$D/stdout"
exit %d
`, s.dir, body, exit)
	if err := os.WriteFile(s.path, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return s
}

func fixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func (s *stub) read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(s.dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func (s *stub) argv(t *testing.T) []string {
	return strings.Split(strings.TrimSuffix(s.read(t, "argv"), "\n"), "\n")
}

// waitFile polls until name exists in the stub dir (the stub writes it) and returns its text.
func (s *stub) waitFile(t *testing.T, name string) string {
	t.Helper()
	var text string
	testwait.Until(t, "the stub writes "+name, func() bool {
		b, err := os.ReadFile(filepath.Join(s.dir, name))
		text = strings.TrimSpace(string(b))
		return err == nil && bytes.HasSuffix(b, []byte("\n"))
	})
	return text
}

// alive reports whether pid is a running (not zombie) process. A container's init may never
// reap an orphan, so a zombie counts as dead: it runs nothing.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	i := bytes.LastIndexByte(b, ')')
	return i > 0 && i+2 < len(b) && b[i+2] != 'Z' && b[i+2] != 'X'
}

// assertGone waits for pid to die: SIGKILL delivery to a group is asynchronous. A process that
// outlived the call never dies, and the wait fails before the binary's timeout.
func assertGone(t *testing.T, pid int) {
	t.Helper()
	t.Cleanup(func() {
		if alive(pid) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	testwait.Until(t, fmt.Sprintf("process %d ends (it outlived the call)", pid), func() bool { return !alive(pid) })
}

func eq(t *testing.T, want, got any) {
	t.Helper()
	if fmt.Sprint(want) != fmt.Sprint(got) {
		t.Errorf("want %v, got %v", want, got)
	}
}

func contains(t *testing.T, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%q does not contain %q", s, sub)
	}
}

func lacks(t *testing.T, s, sub string) {
	t.Helper()
	if strings.Contains(s, sub) {
		t.Errorf("%q must not contain %q", s, sub)
	}
}
