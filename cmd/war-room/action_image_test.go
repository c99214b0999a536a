package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// actionRuns is action.yml's runs section.
type actionRuns struct {
	Runs struct {
		Using      string   `yaml:"using"`
		Image      string   `yaml:"image"`
		Entrypoint string   `yaml:"entrypoint"`
		Args       []string `yaml:"args"`
	} `yaml:"runs"`
}

var releasedImageRef = regexp.MustCompile(`^docker://ghcr\.io/([a-z0-9][a-z0-9-]*)/war-room@sha256:[0-9a-f]{64}$`)

func repoFile(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", path))
	require.NoError(t, err)
	return string(raw)
}

// TestActionImageAgreesWithTheDockerfile: whether action.yml names the Dockerfile or a released
// image, the step runs the same thing. The released image is the Dockerfile's final stage
// (scripts/image-context.sh copies it), so what must agree is the rest: the entrypoint is the
// image's, never overridden in action.yml; a reference is a digest of this repository's ghcr.io
// image; and the release builds with the Go version, flags and base the Dockerfile uses.
func TestActionImageAgreesWithTheDockerfile(t *testing.T) {
	var meta actionRuns
	readYAML(t, filepath.Join("..", "..", "action.yml"), &meta)
	assert.Equal(t, "docker", meta.Runs.Using)
	assert.Empty(t, meta.Runs.Entrypoint, "the entrypoint is the image's, the same either way")
	assert.Empty(t, meta.Runs.Args)
	module := regexp.MustCompile(`(?m)^module github\.com/([^/]+)/war-room$`).FindStringSubmatch(repoFile(t, "go.mod"))
	require.NotNil(t, module, "go.mod's module path")
	if meta.Runs.Image != "Dockerfile" {
		m := releasedImageRef.FindStringSubmatch(meta.Runs.Image)
		require.NotNil(t, m, "runs.image %q: want Dockerfile or docker://ghcr.io/OWNER/war-room@sha256:<digest>", meta.Runs.Image)
		assert.Equal(t, strings.ToLower(module[1]), m[1], "the image is this repository's")
	}

	dockerfile := repoFile(t, "Dockerfile")
	final := dockerfile[strings.Index(dockerfile, "# final stage"):]
	assert.Contains(t, final, "\nFROM scratch\n")
	assert.Contains(t, final, `ENTRYPOINT ["/war-room", "action"]`)
	goImage := regexp.MustCompile(`(?m)^FROM golang:(\d+\.\d+)-`).FindStringSubmatch(dockerfile)
	require.NotNil(t, goImage, "the Dockerfile's build stage is FROM golang:<major.minor>-…")
	goMod := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(repoFile(t, "go.mod"))
	require.NotNil(t, goMod)
	assert.Equal(t, goMod[1], goImage[1], "go.mod and the Dockerfile name one Go release")
	for _, wf := range []string{".github/workflows/release.yml", ".github/workflows/ci.yml"} {
		assert.Contains(t, repoFile(t, wf), `go-version: "`+goImage[1]+`"`, "%s builds with the Dockerfile's Go", wf)
	}
	build := repoFile(t, "scripts/release-build.sh")
	for _, flag := range []string{"CGO_ENABLED=0", "-trimpath", "-s -w", "-X main.version="} {
		assert.Contains(t, dockerfile, flag, "the Dockerfile's build")
		assert.Contains(t, build, flag, "the release build")
	}
}

// TestContainerfileIsTheDockerfilesFinalStage runs scripts/image-context.sh and compares the
// Containerfiles it writes with the Dockerfile's final stage and its app stage: the same
// instructions, only the sources of the copies changed to the release build's files, each of
// which the context holds.
func TestContainerfileIsTheDockerfilesFinalStage(t *testing.T) {
	dist, ctx := t.TempDir(), filepath.Join(t.TempDir(), "context")
	for _, arch := range []string{"amd64", "arm64"} {
		writeFile(t, filepath.Join(dist, "war-room-linux-"+arch), "binary for "+arch)
	}
	out, err := exec.Command("bash", filepath.Join("..", "..", "scripts", "image-context.sh"), dist, ctx).CombinedOutput()
	require.NoError(t, err, "%s", out)

	dockerfile := repoFile(t, "Dockerfile")
	final, app := strings.Index(dockerfile, "# final stage"), strings.Index(dockerfile, "# app stage")
	require.True(t, app >= 0 && app < final, "the Dockerfile has an app stage before its final stage")
	checkContextStage(t, ctx, dockerfile[final:], "Containerfile")
	checkContextStage(t, ctx, dockerfile[app:final], "Containerfile.app")
	assert.Equal(t, "binary for arm64", readString(t, filepath.Join(ctx, "linux-arm64", "war-room")))
}

// checkContextStage compares the context's Containerfile name with a stage of the Dockerfile.
func checkContextStage(t *testing.T, ctx, stage, name string) {
	t.Helper()
	want := instructions(stage)
	got := instructions(readString(t, filepath.Join(ctx, name)))
	require.Equal(t, "ARG TARGETARCH", got[1], name)
	got = append(got[:1], got[2:]...)
	require.Len(t, got, len(want), name)
	copySource := regexp.MustCompile(`^COPY ((?:--chown=\S+ )?)--from=build /out/(\S+) (\S+)$`)
	for i := range want {
		m := copySource.FindStringSubmatch(want[i])
		if m == nil {
			assert.Equal(t, want[i], got[i], name)
			continue
		}
		src := m[2]
		if src == "war-room" {
			src = "linux-${TARGETARCH}/war-room"
		}
		assert.Equal(t, "COPY "+m[1]+src+" "+m[3], got[i], name)
		for _, arch := range []string{"amd64", "arm64"} {
			_, err := os.Stat(filepath.Join(ctx, strings.ReplaceAll(src, "${TARGETARCH}", arch)))
			assert.NoError(t, err, "the context holds what %s copies", want[i])
		}
	}
}

// TestActionImageScriptSwitchesAndRefuses: scripts/action-image.sh, the documented way to point
// the Action at a release, changes only runs.image, switches back, and refuses a tag.
func TestActionImageScriptSwitchesAndRefuses(t *testing.T) {
	original := repoFile(t, "action.yml")
	file := filepath.Join(t.TempDir(), "action.yml")
	writeFile(t, file, original)
	script := filepath.Join("..", "..", "scripts", "action-image.sh")
	ref := "docker://ghcr.io/war-room/war-room@sha256:" + strings.Repeat("0a", 32)

	out, err := exec.Command("bash", script, ref, file).CombinedOutput()
	require.NoError(t, err, "%s", out)
	var meta actionRuns
	readYAML(t, file, &meta)
	assert.Equal(t, ref, meta.Runs.Image)
	assert.True(t, releasedImageRef.MatchString(meta.Runs.Image))
	changed := readString(t, file)
	assert.Equal(t, strings.Count(original, "\n"), strings.Count(changed, "\n"))
	assert.Equal(t, 1, lineDiffs(original, changed), "only runs.image changes")

	out, err = exec.Command("bash", script, "Dockerfile", file).CombinedOutput()
	require.NoError(t, err, "%s", out)
	readYAML(t, file, &meta)
	assert.Equal(t, "Dockerfile", meta.Runs.Image)

	for _, bad := range []string{"docker://ghcr.io/war-room/war-room:v1.0.0", "docker://docker.io/war-room/war-room@sha256:" + strings.Repeat("0a", 32), "Dockerfile.dev"} {
		out, err := exec.Command("bash", script, bad, file).CombinedOutput()
		assert.Error(t, err, "%s was accepted", bad)
		assert.Contains(t, string(out), "a digest, not a tag", bad)
	}
	assert.Equal(t, original, readString(t, file), "a refused reference leaves the file alone")
}

// instructions are a Containerfile's lines without comments and blank lines.
func instructions(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

func lineDiffs(a, b string) int {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	n := 0
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			n++
		}
	}
	return n + max(len(al), len(bl)) - min(len(al), len(bl))
}

func readString(t *testing.T, path string) string {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(raw)
}
