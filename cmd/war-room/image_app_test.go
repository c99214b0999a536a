package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/war-room/war-room/bot/webhook"
)

// What the App image's Dockerfile stage sets, as scripts/image-test.sh checks in the image.
const (
	appImageUID   = 65532
	appImageState = "/var/lib/war-room"
)

// TestImageAppServesAsItsOwnUser runs the built App image's `war-room serve` under chroot as the
// image's user, with the image's environment and secrets in files only that user can read: it
// listens, answers its own health probe, takes a signed command and runs it to a published
// decision, keeping its state in the image's state directory. scripts/image-test.sh mounts the
// image and sets WAR_ROOM_APP_IMAGE_ROOT; without it (no buildah, not root) the test is skipped.
func TestImageAppServesAsItsOwnUser(t *testing.T) {
	root := os.Getenv("WAR_ROOM_APP_IMAGE_ROOT")
	if root == "" {
		t.Skip("WAR_ROOM_APP_IMAGE_ROOT is unset: run scripts/image-test.sh")
	}
	secrets := filepath.Join(root, "run", "secrets")
	if err := os.MkdirAll(secrets, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(filepath.Join(root, "run")) })
	files := newAppFiles(t)
	for _, f := range []struct{ from, to string }{{files.key, "app.pem"}, {files.secret, "webhook-secret"},
		{testdataPath(t, "reason-script.yaml"), "script.yaml"}} {
		raw, err := os.ReadFile(f.from)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(secrets, f.to)
		if err := os.WriteFile(p, raw, 0o400); err != nil || os.Chown(p, appImageUID, appImageUID) != nil {
			t.Fatalf("write %s for the image's user: %v", p, err)
		}
	}
	w := newAppWorld(t)
	w.f.PutFile(aRepo, aBranch, ".github/war-room.yml",
		strings.ReplaceAll(reasonConfig(t, ""), testdataPath(t, "reason-script.yaml"), "/run/secrets/script.yaml"))

	cmd := exec.Command("chroot", fmt.Sprintf("--userspec=%d:%d", appImageUID, appImageUID), root,
		"/war-room", "serve", "--addr", "127.0.0.1:0", "--app-id", "7", "--app-slug", "war-room",
		"--private-key", "/run/secrets/app.pem", "--webhook-secret", "/run/secrets/webhook-secret",
		"--allow-local-providers", "--workers", "2")
	cmd.Env = []string{"HOME=" + appImageState, "WAR_ROOM_DB=" + appImageState + "/war-room.db",
		"SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt", "GITHUB_API_URL=" + w.f.URL(), "GITHUB_GRAPHQL_URL=" + w.f.GraphQLURL()}
	s := launchServe(t, cmd)
	if uid := processUID(t, s.cmd.Process.Pid); uid != fmt.Sprint(appImageUID) {
		t.Fatalf("war-room serve runs as uid %s, want %d", uid, appImageUID)
	}
	probe := exec.Command("chroot", fmt.Sprintf("--userspec=%d:%d", appImageUID, appImageUID), root,
		"/war-room", "health", "--addr", strings.TrimPrefix(s.url, "http://"))
	if out, err := probe.CombinedOutput(); err != nil {
		t.Fatalf("the image's health probe: %v\n%s", err, out)
	}

	// A delivery past what is held in memory unverified waits in the image's /tmp, which the
	// user must be able to write.
	long := strings.Repeat("A long quoted log line.\n", 2500) // under GitHub's 65,536 characters
	big := w.f.AddIssue(aRepo, 0, "Logs", long, "alice")
	chat := "Thanks, here is the rest.\n" + long
	large := appEvent(t, w, big, w.comment("alice", big, chat), chat)
	if len(large) <= webhook.MaxHeldUnverified {
		t.Fatalf("the large delivery is %d bytes, not over %d", len(large), webhook.MaxHeldUnverified)
	}
	if got := s.deliver("issue_comment", "d-large", large, appSecret); got != http.StatusAccepted {
		t.Fatalf("a %d-byte delivery: %d, want 202 (ignored: not a command)\n%s", len(large), got, s.log())
	}
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	if got := s.deliver("issue_comment", "d-image", appEvent(t, w, n, w.comment("alice", n, body), body), appSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d\n%s", got, s.log())
	}
	eventually(t, s, "the reply", func() bool { return len(appComments(w, n)) >= 2 })
	decisions := 0
	for _, d := range w.f.Discussions(aRepo) {
		if d.Title != "Decision log" && d.Author == appLogin {
			decisions++
		}
	}
	if decisions != 1 {
		t.Errorf("%d decision discussions, want 1\n%s", decisions, s.log())
	}
	state, err := os.Stat(filepath.Join(root, appImageState, "war-room.db"))
	if err != nil {
		t.Fatalf("no state file in the image's state directory: %v", err)
	}
	if st := state.Sys().(*syscall.Stat_t); st.Uid != appImageUID {
		t.Errorf("the state file belongs to uid %d, want %d", st.Uid, appImageUID)
	}
	fmt.Printf("image app served as uid %d: decision published, state in %s\n", appImageUID, appImageState)
}

// processUID reads the real uid of a running process.
func processUID(t *testing.T, pid int) string {
	t.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if uid, ok := strings.CutPrefix(line, "Uid:"); ok {
			return strings.Fields(uid)[0]
		}
	}
	t.Fatalf("no Uid line in /proc/%d/status", pid)
	return ""
}
