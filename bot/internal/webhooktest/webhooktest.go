// Package webhooktest is what tests of the App's intake share, in bot and in bot/webhook: a
// queue in memory, a delivery posted as GitHub posts it, and GitHub's recorded webhook
// payloads (bot/testdata/webhooks). Imported by tests only.
package webhooktest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/war-room/war-room/bot/webhook"
)

// Secret is the webhook secret the recorded signatures were made with.
const Secret = "test-webhook-secret"

// Queue is a queue in memory: it stores each delivery id once and fails with Err when set.
// The tests are about what the intake answers and whether it queues at all.
type Queue struct {
	mu   sync.Mutex
	Got  []webhook.Delivery
	seen map[string]bool
	Err  error
}

// Enqueue stores d unless its id is stored already (a duplicate) or Err is set.
func (q *Queue) Enqueue(_ context.Context, d webhook.Delivery) (bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.Err != nil {
		return false, q.Err
	}
	if q.seen[d.ID] {
		return true, nil
	}
	if q.seen == nil {
		q.seen = map[string]bool{}
	}
	q.seen[d.ID] = true
	q.Got = append(q.Got, d)
	return false, nil
}

// Post sends a delivery to h as GitHub would, with sig as its signature header ("-" for
// none) and empty event or id headers left out.
func Post(t *testing.T, h http.Handler, event, id string, body []byte, sig string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/webhook", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if event != "" {
		r.Header.Set(webhook.EventHeader, event)
	}
	if id != "" {
		r.Header.Set(webhook.DeliveryHeader, id)
	}
	if sig != "-" {
		r.Header.Set(webhook.SignatureHeader, sig)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// Read is the recorded payload bot/testdata/webhooks/name.
func Read(t testing.TB, name string) []byte {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	b, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "..", "testdata", "webhooks", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// CommandPayload is the App's example issue_comment delivery with body as its comment.
func CommandPayload(t testing.TB, body string) []byte {
	t.Helper()
	var ev map[string]any
	if err := json.Unmarshal(Read(t, "issue_comment.created.with-installation.json"), &ev); err != nil {
		t.Fatal(err)
	}
	ev["comment"].(map[string]any)["body"] = body
	out, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Answers records what an observer of the intake is told, as "event answer".
type Answers []string

// Delivery records one answer.
func (l *Answers) Delivery(event, answer string) { *l = append(*l, event+" "+answer) }

// Vectors are testdata/webhooks/signature-test-vectors.json: GitHub's documented
// vector and signatures computed over the exact bytes of the payload files beside it.
type Vectors struct {
	Documented struct {
		Secret    string `json:"secret"`
		Payload   string `json:"payload"`
		Signature string `json:"X-Hub-Signature-256"`
	} `json:"documented"`
	Computed []struct {
		File      string `json:"file"`
		Secret    string `json:"secret"`
		Signature string `json:"X-Hub-Signature-256"`
	} `json:"computed"`
}

// LoadVectors reads the signature vectors.
func LoadVectors(t *testing.T) Vectors {
	t.Helper()
	var v Vectors
	raw := Read(t, "signature-test-vectors.json")
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Computed) == 0 {
		t.Fatal("no computed vectors")
	}
	return v
}

// PostBody sends body as an issue_comment delivery to url with the given signature header. It
// may run off the test's goroutine, so it reports a transport failure as status 0 rather than
// stopping the test.
func PostBody(t *testing.T, url, id string, body io.Reader, size int64, sig string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, body)
	if err != nil {
		t.Error(err)
		return 0
	}
	req.ContentLength = size
	req.Header.Set(webhook.EventHeader, "issue_comment")
	req.Header.Set(webhook.DeliveryHeader, id)
	req.Header.Set(webhook.SignatureHeader, sig)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}
