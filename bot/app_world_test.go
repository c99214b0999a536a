package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/war-room/war-room/bot/queue"
	"github.com/war-room/war-room/bot/webhook"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/internal/testwait"
)

// appWorld is the App end to end inside one test: the fake GitHub with an installation, a
// River queue on a real SQLite file, the webhook on a loopback server.
type appWorld struct {
	t       *testing.T
	f       *githubfake.Fake
	dir     string
	clients *AppClients
	q       *queue.Queue
	srv     *httptest.Server
	stop    func()
	aliceTk string
	// check is the workers' CheckConfig.
	check func(*config.Config) error
	// ceilings and forkPermission are the workers' (the serve flags'); now is their clock
	// (nil: time.Now).
	ceilings       Ceilings
	forkPermission config.Permission
	now            func() time.Time
	// jobs, when set, observes the workers' jobs.
	jobs queue.Observer
}

// jobLog records what a queue.Observer is told.
type jobLog struct {
	mu      sync.Mutex
	started int
	ended   []string
}

func (l *jobLog) JobStarted(string, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.started++
}

// seen returns what the observer was told so far.
func (l *jobLog) seen() (started int, ended []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.started, slices.Clone(l.ended)
}

func (l *jobLog) JobEnded(_, state string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ended = append(l.ended, state)
}

// immediately retries a failed job at once, so retry tests need not wait out a backoff.
type immediately struct{}

func (immediately) NextRetry(*rivertype.JobRow) time.Time { return time.Now() }

func newAppWorld(t *testing.T) *appWorld {
	t.Helper()
	f := newAppFake(t)
	w := &appWorld{t: t, f: f, dir: t.TempDir(), aliceTk: "ghp_aliceAliceAliceAliceAlice01"}
	f.SetPermission(testRepo, "alice", "write")
	f.AddToken(w.aliceTk, "alice")
	script := filepath.Join(w.dir, "script.yaml")
	if err := os.WriteFile(script, []byte("responses: []\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f.PutFile(testRepo, "main", ".github/war-room.yml", fmt.Sprintf(
		"version: 1\nproviders:\n  alpha: {type: script, family: anthropic, responses: %s}\n", script))
	c, err := NewAppClients(context.Background(), AppCredentials{AppID: 7, PrivateKey: newAppKey(t), APIURL: f.URL(), Slug: "war-room"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	w.clients = c
	return w
}

// worker is the delivery worker over the world's installations; handlers nil means the
// App's own.
func (w *appWorld) worker(handlers func(*Deps) []eventHandler) *DeliveryWorker {
	now := w.now
	if now == nil {
		now = time.Now
	}
	return &DeliveryWorker{Clients: w.clients, Handlers: handlers, Base: Deps{
		CheckConfig: w.check, Grammar: testGrammar, Getenv: func(string) string { return "" }, Now: now,
		Ceilings: w.ceilings, ForkPermission: w.forkPermission,
		Settings: Settings{Publish: true, Review: true},
		Log:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		OpenStore: func(ctx context.Context) (engine.Store, error) {
			return sqlite.Open(ctx, filepath.Join(w.dir, "state.db"))
		},
	}}
}

// start opens the queue file and serves the webhook, as one process of war-room serve.
func (w *appWorld) start(handlers func(*Deps) []eventHandler) {
	w.t.Helper()
	ctx := context.Background()
	q, err := queue.OpenSQLite(ctx, filepath.Join(w.dir, "queue.db"), w.worker(handlers),
		queue.Config{Poll: 20 * time.Millisecond, Retry: immediately{}, StopGrace: time.Second, Observer: w.jobs})
	if err != nil {
		w.t.Fatal(err)
	}
	if err := q.Start(ctx); err != nil {
		w.t.Fatal(err)
	}
	hs := AppHandlers(&Deps{})
	h, err := webhook.New([]byte(vectorSecret), q, HandledEvents(hs), Unwanted, nil)
	if err != nil {
		w.t.Fatal(err)
	}
	w.q, w.srv = q, httptest.NewServer(h)
	stopped := false
	w.stop = func() {
		if stopped {
			return
		}
		stopped = true
		w.srv.Close()
		if err := q.Stop(ctx); err != nil {
			w.t.Error(err)
		}
		q.Close()
	}
	w.t.Cleanup(w.stop)
}

// comment posts body on issue n as alice and returns the signed delivery a GitHub App
// would receive for it.
func (w *appWorld) comment(n int, body string) []byte {
	w.t.Helper()
	raw, _ := json.Marshal(map[string]string{"body": body})
	url := fmt.Sprintf("%s/repos/%s/issues/%d/comments", w.f.URL(), testRepo, n)
	resp, err := w.f.Client(w.aliceTk).Post(url, "application/json", bytes.NewReader(raw))
	if err != nil || resp.StatusCode != http.StatusCreated {
		w.t.Fatalf("post comment: %v %v", err, resp)
	}
	defer resp.Body.Close()
	var c struct{ ID int64 }
	json.NewDecoder(resp.Body).Decode(&c)
	var ev map[string]any
	json.Unmarshal(readWebhook(w.t, "issue_comment.created.with-installation.json"), &ev)
	ev["installation"].(map[string]any)["id"] = 77
	repo := ev["repository"].(map[string]any)
	repo["name"], repo["full_name"], repo["default_branch"] = testRepoName, testRepo, "main"
	repo["owner"].(map[string]any)["login"] = testOwner
	ev["issue"].(map[string]any)["number"] = n
	cm := ev["comment"].(map[string]any)
	cm["id"], cm["body"] = c.ID, body
	cm["user"].(map[string]any)["login"], cm["user"].(map[string]any)["type"] = "alice", "User"
	out, _ := json.Marshal(ev)
	return out
}

// deliver posts a delivery to the running webhook.
func (w *appWorld) deliver(event, id string, body []byte, secret string) int {
	w.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, w.srv.URL, bytes.NewReader(body))
	req.Header.Set(webhook.EventHeader, event)
	req.Header.Set(webhook.DeliveryHeader, id)
	req.Header.Set(webhook.SignatureHeader, webhook.Sign([]byte(secret), body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// settle waits until no job is queued or running, and returns the jobs. Nothing here
// measures speed: it waits as long as the test binary allows.
func (w *appWorld) settle() []*rivertype.JobRow {
	w.t.Helper()
	var jobs []*rivertype.JobRow
	testwait.Until(w.t, "the jobs settle", func() bool {
		var err error
		if jobs, err = w.q.Jobs(context.Background()); err != nil {
			w.t.Fatal(err)
		}
		for _, j := range jobs {
			switch j.State {
			case rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStatePending, rivertype.JobStateScheduled:
				return false
			}
		}
		return true
	}, func() string { return fmt.Sprintf("jobs: %+v", jobs) })
	return jobs
}
