package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"database/sql"
	"encoding/json"
	"encoding/pem"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/internal/testwait"
)

// The App the serve tests register on the fake GitHub.
const (
	appInstallation = 77
	appLogin        = "war-room[bot]"
	appSecret       = "serve-test-webhook-secret"
)

// appServer is one `war-room serve` process.
type appServer struct {
	t      *testing.T
	cmd    *exec.Cmd
	url    string
	mu     sync.Mutex
	stderr bytes.Buffer
	done   chan struct{}
}

// appFiles are what a deployment keeps between processes: the key, the secret, the state (a
// SQLite file, or the PostgreSQL database named by databaseURL when it is set).
type appFiles struct{ dir, key, secret, db, databaseURL string }

// state is where the server keeps its state: the PostgreSQL URL when there is one, else the
// SQLite file.
func (a appFiles) state() string {
	if a.databaseURL != "" {
		return a.databaseURL
	}
	return a.db
}

func newAppFiles(t *testing.T) appFiles {
	t.Helper()
	dir := t.TempDir()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	a := appFiles{dir: dir, key: filepath.Join(dir, "app.pem"), secret: filepath.Join(dir, "secret"), db: filepath.Join(dir, "state", "war-room.db")}
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)})
	if os.WriteFile(a.key, pemKey, 0o600) != nil || os.WriteFile(a.secret, []byte(appSecret+"\n"), 0o600) != nil {
		t.Fatal("write the App's files")
	}
	return a
}

// startServe runs the binary as an operator would, on a loopback port of its choosing, and
// waits for it to say where it listens.
func startServe(t *testing.T, w *actionWorld, a appFiles, extra ...string) *appServer {
	t.Helper()
	return startServeEnv(t, w, a, nil, extra...)
}

// startServeEnv is startServe with more of the server's environment (NAME=VALUE entries).
func startServeEnv(t *testing.T, w *actionWorld, a appFiles, env []string, extra ...string) *appServer {
	t.Helper()
	// The installation's spacing is the operator's: a millisecond here, as the tests'
	// configurations ask of their repositories, so that no test waits out real seconds.
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", a.db, "--app-id", "7", "--app-slug", "war-room",
		"--private-key", a.key, "--webhook-secret", a.secret, "--workers", "2", "--write-spacing", "1ms"}, extra...)
	env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + a.dir, "GITHUB_API_URL=" + w.f.URL(), "GITHUB_GRAPHQL_URL=" + w.f.GraphQLURL()}, env...)
	if a.databaseURL != "" { // as an operator passes a URL with a password: in the environment
		args = slices.Delete(args, 3, 5)
		env = append(env, "WAR_ROOM_DATABASE_URL="+a.databaseURL)
	}
	cmd := exec.Command(actionBinary, args...)
	cmd.Env = env
	return launchServe(t, cmd)
}

// launchServe starts a war-room serve command and waits for it to say where it listens.
func launchServe(t *testing.T, cmd *exec.Cmd) *appServer {
	t.Helper()
	s := &appServer{t: t, cmd: cmd, done: make(chan struct{})}
	pipe, err := s.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go s.readLog(pipe, addr)
	t.Cleanup(func() { s.stop() })
	waitCtx, cancel := testwait.Context(t)
	defer cancel()
	select {
	case a := <-addr:
		s.url = "http://" + a
	case <-s.done:
		t.Fatalf("war-room serve exited before listening:\n%s", s.log())
	case <-waitCtx.Done():
		t.Fatalf("war-room serve did not listen before the test binary's timeout:\n%s", s.log())
	}
	return s
}

var listenLine = regexp.MustCompile(`"msg":"serving","addr":"([^"]+)"`)

func (s *appServer) readLog(r io.Reader, addr chan<- string) {
	defer close(s.done)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		s.mu.Lock()
		s.stderr.WriteString(sc.Text() + "\n")
		s.mu.Unlock()
		if m := listenLine.FindStringSubmatch(sc.Text()); m != nil {
			addr <- m[1]
		}
	}
}

func (s *appServer) log() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stderr.String()
}

// stop sends SIGTERM, as a supervisor would, and returns the exit code.
func (s *appServer) stop() int {
	if s.cmd.ProcessState == nil {
		s.cmd.Process.Signal(syscall.SIGTERM)
		<-s.done
		s.cmd.Wait()
	}
	return s.cmd.ProcessState.ExitCode()
}

// deliver posts a delivery signed with secret and returns the status.
func (s *appServer) deliver(event, id string, body []byte, secret string) int {
	s.t.Helper()
	code, err := s.tryDeliver(event, id, body, secret)
	if err != nil {
		s.t.Fatal(err)
	}
	return code
}

// tryDeliver is deliver for a server that may be gone.
func (s *appServer) tryDeliver(event, id string, body []byte, secret string) (int, error) {
	req, _ := http.NewRequest(http.MethodPost, s.url+"/webhook", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(webhook.EventHeader, event)
	req.Header.Set(webhook.DeliveryHeader, id)
	req.Header.Set(webhook.SignatureHeader, webhook.Sign([]byte(secret), body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// appEvent is the Action test's issue_comment payload for a comment, as a GitHub App
// receives it: with the installation.
func appEvent(t *testing.T, w *actionWorld, n int, id int64, body string) []byte {
	t.Helper()
	raw, err := os.ReadFile(w.commentEvent("created", n, id, "alice", body))
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	json.Unmarshal(raw, &ev)
	ev["installation"] = map[string]any{"id": appInstallation, "node_id": "MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uNzc="}
	out, _ := json.Marshal(ev)
	return out
}

// openQueueFile opens a queue file to read River's table. It opens it read-write, since a
// killed writer's WAL is read only that way, and as a URI built from the path, which may hold
// '#' or '?' (subtest names do).
func openQueueFile(path string) (*sql.DB, error) {
	u := url.URL{Scheme: "file", Path: path, RawQuery: "_pragma=busy_timeout(10000)"}
	return sql.Open("sqlite", u.String())
}

// queuedJobs counts the delivery jobs in the queue file beside the state file, read
// straight from River's table.
func queuedJobs(t *testing.T, a appFiles) map[string]string {
	t.Helper()
	path := strings.TrimSuffix(a.db, ".db") + "-queue.db"
	db, err := openQueueFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT json_extract(args, '$.delivery_id'), state FROM river_job WHERE kind = 'github_delivery'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var id, state string
		if err := rows.Scan(&id, &state); err != nil {
			t.Fatal(err)
		}
		out[id] = state
	}
	return out
}

// eventually polls cond (testwait.Until), printing the server's log if it gives up.
func eventually(t *testing.T, s *appServer, what string, cond func() bool) {
	t.Helper()
	testwait.Until(t, what, cond, func() string { return "server log:\n" + s.log() })
}
