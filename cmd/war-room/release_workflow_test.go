package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// releaseWorkflow is the part of .github/workflows/release.yml these tests read.
type releaseWorkflow struct {
	On struct {
		Push struct {
			Tags     []string `yaml:"tags"`
			Branches []string `yaml:"branches"`
		} `yaml:"push"`
	} `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]struct {
		Permissions map[string]string `yaml:"permissions"`
		Steps       []struct {
			ID   string            `yaml:"id"`
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			With map[string]string `yaml:"with"`
			Env  map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestReleaseWorkflowRunsTheTestedScripts: the workflow is wiring only. It runs on version tags
// alone, calls the scripts .ci/run tests (build, check, image context) in that order, pushes
// both architectures with provenance, attests binaries and image, and uploads exactly the
// assets TestReleaseAssets checks.
func TestReleaseWorkflowRunsTheTestedScripts(t *testing.T) {
	var wf releaseWorkflow
	readYAML(t, filepath.Join("..", "..", ".github", "workflows", "release.yml"), &wf)
	assert.Equal(t, []string{"v*"}, wf.On.Push.Tags)
	assert.Empty(t, wf.On.Push.Branches)
	assert.Equal(t, map[string]string{"contents": "read"}, wf.Permissions, "the default is read-only")
	require.Len(t, wf.Jobs, 1)
	for _, job := range wf.Jobs {
		assert.Equal(t, map[string]string{"contents": "write", "packages": "write", "id-token": "write", "attestations": "write"}, job.Permissions)
		var runs []string
		var push, attests = -1, 0
		for i, s := range job.Steps {
			runs = append(runs, s.Run)
			switch {
			case strings.HasPrefix(s.Uses, "docker/build-push-action@"):
				push = i
				assert.Equal(t, "image", s.With["context"])
				assert.Equal(t, "image/Containerfile", s.With["file"])
				assert.Equal(t, "linux/amd64,linux/arm64", s.With["platforms"])
				assert.Equal(t, "true", s.With["push"])
				assert.Equal(t, "mode=max", s.With["provenance"])
			case strings.HasPrefix(s.Uses, "actions/attest-build-provenance@"):
				attests++
				assert.Greater(t, i, push, "attestations come after the push")
			}
		}
		all := strings.Join(runs, "\n")
		order := []string{"scripts/release-build.sh dist", "-run '^TestRelease'", "scripts/image-context.sh dist image", "scripts/release-notes.sh", "gh release create"}
		last := -1
		for _, o := range order {
			at := strings.Index(all, o)
			if assert.GreaterOrEqual(t, at, 0, "the workflow runs %s", o) {
				assert.Greater(t, at, last, "%s runs after the steps before it", o)
				last = at
			}
		}
		assert.Contains(t, all, "dist/war-room-* dist/SHA256SUMS", "the release uploads the checked assets")
		assert.GreaterOrEqual(t, push, 0, "the workflow pushes the image")
		assert.Equal(t, 2, attests, "one attestation for the binaries, one for the image")
	}
}

// TestReleaseNotesGolden: what readers of a release see, from scripts/release-notes.sh.
func TestReleaseNotesGolden(t *testing.T) {
	image := "ghcr.io/war-room/war-room@sha256:" + strings.Repeat("0a", 32)
	cmd := exec.Command("bash", filepath.Join("..", "..", "scripts", "release-notes.sh"), "v1.2.3", image)
	cmd.Env = append(os.Environ(), "GITHUB_SERVER_URL=https://github.com", "GITHUB_REPOSITORY=war-room/war-room")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "scripts/action-image.sh docker://"+image)
	wantThreadGolden(t, "release-notes.md", string(out))
}
