package main

import (
	"debug/buildinfo"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVersionOfAStampedBuild builds war-room with the version and commit passed to the linker,
// as the release does, and runs the binary. (The flags TestMain builds with, so only the link
// is new work.)
func TestVersionOfAStampedBuild(t *testing.T) {
	t.Parallel()
	const v, c = "v9.8.7-rc.1", "0123456789abcdef0123456789abcdef01234567"
	bin := buildWarRoom(t, "-ldflags", "-X main.version="+v+" -X main.commit="+c)

	got, err := exec.Command(bin, "version").CombinedOutput()
	require.NoError(t, err, "%s", got)
	want := "war-room " + v + "\ncommit   " + c + "\ngo       " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	assert.Equal(t, want, string(got))
}

// TestVersionOfAnUnstampedBuild builds war-room inside this checkout with no stamp and with
// VCS stamping on, as `go build` does by default: the commit comes from the build info, and is
// the checkout's HEAD.
func TestVersionOfAnUnstampedBuild(t *testing.T) {
	t.Parallel()
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout (%v): the toolchain records no revision", err)
	}
	bin := buildWarRoom(t, "-buildvcs=true")
	info, err := buildinfo.ReadFile(bin)
	require.NoError(t, err)
	rev, modified := vcsRevision(info.Settings)
	want := "commit   " + strings.TrimSpace(string(head))
	if rev == "" {
		// The toolchain finds a repository only by a .git directory, so a linked worktree
		// (.git is a file there) gets no VCS stamp: then the commit is unknown.
		t.Log("the toolchain recorded no revision (a git worktree?)")
		want = "commit   unknown"
	} else if modified {
		want += " (modified)"
	}

	got, err := exec.Command(bin, "version").CombinedOutput()
	require.NoError(t, err, "%s", got)
	lines := strings.Split(string(got), "\n")
	require.Len(t, lines, 4, "%q", got)
	// Inside a full checkout the toolchain (Go 1.24 and later) also derives a pseudo-version
	// from the commit; otherwise an unstamped build says "dev".
	wantVersion := "dev"
	if v := info.Main.Version; v != "" && v != "(devel)" {
		wantVersion = v
		assert.Contains(t, v, strings.TrimSpace(string(head))[:12], "the pseudo-version names the commit")
	}
	assert.Equal(t, "war-room "+wantVersion, lines[0])
	assert.Equal(t, want, lines[1])
}

func buildWarRoom(t *testing.T, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "war-room")
	args := append(append([]string{"build", "-o", bin}, flags...), ".")
	out, err := exec.Command("go", args...).CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

func TestResolveBuild(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}}
	installed := &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Version: "v1.4.0"}}
	checkout := &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Version: "(devel)"}, Settings: rev}
	for name, tc := range map[string]struct {
		version, commit string
		bi              *debug.BuildInfo
		ok              bool
		want            buildStamp
	}{
		"stamp wins":         {"v2.0.0", "fff", checkout, true, buildStamp{Version: "v2.0.0", Commit: "fff", Go: "go1.99.1"}},
		"go install":         {"dev", "", installed, true, buildStamp{Version: "v1.4.0", Commit: "unknown", Go: "go1.99.1"}},
		"checkout build":     {"dev", "", checkout, true, buildStamp{Version: "dev", Commit: "abc123", Modified: true, Go: "go1.99.1"}},
		"stamped commit":     {"dev", "eee", checkout, true, buildStamp{Version: "dev", Commit: "eee", Go: "go1.99.1"}},
		"no build info":      {"dev", "", nil, false, buildStamp{Version: "dev", Commit: "unknown", Go: runtime.Version()}},
		"empty stamp":        {"", "", nil, false, buildStamp{Version: "dev", Commit: "unknown", Go: runtime.Version()}},
		"modified, no rev":   {"dev", "", &debug.BuildInfo{Settings: rev[1:]}, true, buildStamp{Version: "dev", Commit: "unknown", Go: runtime.Version()}},
		"stamped version ok": {"v3.1.0", "", installed, true, buildStamp{Version: "v3.1.0", Commit: "unknown", Go: "go1.99.1"}},
	} {
		t.Run(name, func(t *testing.T) {
			tc.want.Platform = runtime.GOOS + "/" + runtime.GOARCH
			assert.Equal(t, tc.want, resolveBuild(tc.version, tc.commit, tc.bi, tc.ok))
		})
	}
}
