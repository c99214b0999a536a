package bot

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/war-room/war-room/bot/queue"
	"github.com/war-room/war-room/bot/webhook"
)

// BenchmarkWebhookAccept is the request path GitHub waits on (it gives up after 10 s; the
// target is well under one): verify the signature, decode the envelope and store the job in
// a real SQLite queue file with a full sync, no worker running.
func BenchmarkWebhookAccept(b *testing.B) {
	h, body, sig := benchWebhook(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		r := httptest.NewRequest(http.MethodPost, "/webhook", bytes.NewReader(body))
		r.Header.Set(webhook.EventHeader, "issue_comment")
		r.Header.Set(webhook.DeliveryHeader, fmt.Sprintf("bench-%d", i))
		r.Header.Set(webhook.SignatureHeader, sig)
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != http.StatusAccepted {
			b.Fatalf("status %d", w.Code)
		}
	}
}

// benchWebhook is the intake of the webhook benchmarks: a real SQLite queue file (full sync,
// no worker running) behind the webhook handler, and a signed `/war-room` comment for it.
func benchWebhook(b *testing.B) (h http.Handler, body []byte, sig string) {
	q, err := queue.OpenSQLite(context.Background(), filepath.Join(b.TempDir(), "queue.db"), &DeliveryWorker{}, queue.Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { q.Close() })
	h, _ = webhook.New([]byte(vectorSecret), q, []string{"issue_comment"}, Unwanted, nil)
	body = commandPayload(b, "/war-room Should we move the job queue into PostgreSQL?")
	return h, body, webhook.Sign([]byte(vectorSecret), body)
}

// BenchmarkParseEnvelope is the intake's read of an issue_comment payload (about 15 KB), on
// every delivery's path before the queue.
func BenchmarkParseEnvelope(b *testing.B) {
	body := commandPayload(b, "/war-room Should we move the job queue into PostgreSQL?")
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := webhook.ParseEnvelope(body); err != nil {
			b.Fatal(err)
		}
	}
}
