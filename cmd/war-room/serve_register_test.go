package main

import (
	"bufio"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/internal/testwait"
)

// The manifest flow end to end against the fake GitHub: serve --register serves a page
// whose form carries war-room's manifest (its permissions, events and webhook); GitHub makes
// the App and sends the browser back with a code; war-room exchanges it and writes the
// App's credentials to an env file (mode 0600), then exits. serve --env-file starts with
// nothing else and answers a delivery signed with the new webhook secret.
func TestServeRegistersAnAppThroughTheManifestFlow(t *testing.T) {
	w := newAppWorld(t)
	files := newAppFiles(t)
	envFile := filepath.Join(files.dir, "war-room.env")
	ctx, cancel := testwait.Context(t)
	defer cancel()
	reg := exec.CommandContext(ctx, actionBinary, "serve", "--register", "--public-url", "https://hooks.example.org/",
		"--env-file", envFile, "--addr", "127.0.0.1:0")
	reg.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + files.dir, "GITHUB_API_URL=" + w.f.URL(), "GITHUB_SERVER_URL=https://github.example"}
	stderr, err := reg.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	var addr string
	var log strings.Builder
	for addr == "" && lines.Scan() {
		log.WriteString(lines.Text() + "\n")
		if m := regexp.MustCompile(`"msg":"registering","addr":"([^"]+)"`).FindStringSubmatch(lines.Text()); m != nil {
			addr = m[1]
		}
	}
	if addr == "" {
		t.Fatalf("serve --register never said where it listens:\n%s", log.String())
	}
	rest := make(chan string, 1)
	go func() { b, _ := io.ReadAll(stderr); rest <- string(b) }()

	page := get(t, "http://"+addr+"/")
	form := regexp.MustCompile(`action="([^"]+)\?state=([0-9a-f]+)"`).FindStringSubmatch(page)
	value := regexp.MustCompile(`name="manifest" value="([^"]+)"`).FindStringSubmatch(page)
	if form == nil || value == nil || form[1] != "https://github.example/settings/apps/new" {
		t.Fatalf("the page does not post a manifest to GitHub's new-App page:\n%s", page)
	}
	manifest := html.UnescapeString(value[1])
	var m struct {
		HookAttributes struct{ URL string } `json:"hook_attributes"`
		RedirectURL    string               `json:"redirect_url"`
		Permissions    map[string]string    `json:"default_permissions"`
		Events         []string             `json:"default_events"`
	}
	if err := json.Unmarshal([]byte(manifest), &m); err != nil {
		t.Fatal(err)
	}
	if m.HookAttributes.URL != "https://hooks.example.org/webhook" || m.RedirectURL != "http://"+addr+"/callback" ||
		m.Permissions["discussions"] != "write" || m.Permissions["checks"] != "write" || m.Permissions["contents"] != "read" ||
		strings.Join(m.Events, ",") != "issue_comment,discussion_comment,pull_request" {
		t.Fatalf("manifest: %+v", m)
	}
	code, err := w.f.CreateAppFromManifest("acme", []byte(manifest))
	if err != nil {
		t.Fatal(err)
	}
	if resp := get(t, "http://"+addr+"/callback?code=wrong&state=nope"); !strings.Contains(resp, "state does not match") {
		t.Errorf("a callback with another state was not refused: %s", resp)
	}
	if done := get(t, "http://"+addr+"/callback?code="+code+"&state="+form[2]); !strings.Contains(done, "war-room is registered") {
		t.Fatalf("callback: %s", done)
	}
	if err := reg.Wait(); err != nil {
		t.Fatalf("serve --register: %v\n%s%s", err, log.String(), <-rest)
	}
	st, err := os.Stat(envFile)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("the env file: %v %v", st, err)
	}
	vars, err := readEnvFile(envFile)
	if err != nil || vars["WAR_ROOM_APP_ID"] == "" || vars["WAR_ROOM_APP_SLUG"] != "war-room" ||
		!strings.HasPrefix(vars["WAR_ROOM_APP_PRIVATE_KEY"], `-----BEGIN RSA PRIVATE KEY-----\n`) || len(vars["WAR_ROOM_WEBHOOK_SECRET"]) < 20 {
		t.Fatalf("the env file holds %v (%v)", vars, err)
	}

	cmd := exec.Command(actionBinary, "serve", "--env-file", envFile, "--addr", "127.0.0.1:0", "--db", files.db,
		"--workers", "2", "--write-spacing", "1ms", "--allow-local-providers")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + files.dir, "GITHUB_API_URL=" + w.f.URL(), "GITHUB_GRAPHQL_URL=" + w.f.GraphQLURL()}
	s := launchServe(t, cmd)
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	event := appEvent(t, w, n, w.comment("alice", n, body), body)
	if got := s.deliver("issue_comment", "d-registered", event, "not-the-secret"); got != http.StatusUnauthorized {
		t.Errorf("a delivery signed with another secret: %d", got)
	}
	if got := s.deliver("issue_comment", "d-registered", event, vars["WAR_ROOM_WEBHOOK_SECRET"]); got != http.StatusAccepted {
		t.Fatalf("a delivery signed with the registered secret: %d\n%s", got, s.log())
	}
	eventually(t, s, "the job", func() bool { return queuedJobs(t, files)["d-registered"] == "completed" })
}

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}
