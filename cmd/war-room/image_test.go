package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestImageHandlesACommentUnderChroot runs the built container image's entrypoint the way
// GitHub runs a Docker action: the workspace, event and command files mounted under /github,
// the event named in the environment. scripts/image-test.sh mounts the image and sets
// WAR_ROOM_IMAGE_ROOT; without it (no buildah, not root) the test is skipped.
func TestImageHandlesACommentUnderChroot(t *testing.T) {
	root := os.Getenv("WAR_ROOM_IMAGE_ROOT")
	if root == "" {
		t.Skip("WAR_ROOM_IMAGE_ROOT is unset: run scripts/image-test.sh")
	}
	gh := filepath.Join(root, "github")
	for _, d := range []string{"workspace", "workflow", "file_commands", "home"} {
		if err := os.MkdirAll(filepath.Join(gh, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { os.RemoveAll(gh) })
	script, err := os.ReadFile(testdataPath(t, "reason-script.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(gh, "workspace", "script.yaml"), string(script))
	cfg := strings.Replace(reasonConfig(t, ""), testdataPath(t, "reason-script.yaml"), "/github/workspace/script.yaml", -1)

	w := newActionWorld(t, cfg)
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	id := w.comment("alice", n, body)
	event, err := os.ReadFile(w.commentEvent("created", n, id, "alice", body))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(gh, "workflow", "event.json"), string(event))

	cmd := exec.Command("chroot", root, "/war-room", "action")
	cmd.Env = []string{"HOME=/github/home", "GITHUB_ACTIONS=true", "CI=true",
		"GITHUB_EVENT_NAME=issue_comment", "GITHUB_EVENT_PATH=/github/workflow/event.json",
		"GITHUB_API_URL=" + w.f.URL(), "GITHUB_GRAPHQL_URL=" + w.f.GraphQLURL(),
		"GITHUB_SERVER_URL=https://github.example", "GITHUB_REPOSITORY=" + aRepo, "GITHUB_RUN_ID=1",
		"GITHUB_WORKSPACE=/github/workspace", "GITHUB_OUTPUT=/github/file_commands/output",
		"GITHUB_STEP_SUMMARY=/github/file_commands/summary", "INPUT_GITHUB-TOKEN=" + aBotToken,
		// The runner passes RUNNER_TEMP into a Docker action with the host's path, which is
		// not mounted in the container (actions/runner#1984): it must not be relied on.
		"RUNNER_TEMP=/home/runner/work/_temp", "RUNNER_OS=Linux",
		"INPUT_PUBLISH=true", "INPUT_REVIEW=true"}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("image entrypoint: %v\nstdout:\n%s\nstderr:\n%s", err, out.String(), errb.String())
	}
	if got := reactionsOn(w, n, id); !slices.Equal(got, []string{"eyes", "rocket"}) {
		t.Errorf("reactions: %v\nstderr:\n%s", got, errb.String())
	}
	decisions := 0
	for _, d := range w.f.Discussions(aRepo) {
		if d.Title != "Decision log" {
			decisions++
		}
	}
	if decisions != 1 {
		t.Errorf("%d decision discussions, want 1", decisions)
	}
	outputs := readOutputs(t, filepath.Join(gh, "file_commands", "output"))
	if outputs["session-id"] == "" || outputs["discussion-url"] == "" {
		t.Errorf("outputs: %v", outputs)
	}
	fmt.Printf("image entrypoint handled issue_comment: session %s, %s\n", outputs["session-id"], outputs["discussion-url"])
}

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
