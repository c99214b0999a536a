package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// The secret of the computed signature vectors.
const vectorSecret = "test-webhook-secret"

// memQueue records deliveries; a repeated id is a duplicate. It stands in for River where
// the test is about what the intake answers and whether it queues at all.
type memQueue struct {
	mu   sync.Mutex
	got  []Delivery
	seen map[string]bool
	err  error
}

func (q *memQueue) Enqueue(_ context.Context, d Delivery) (bool, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.err != nil {
		return false, q.err
	}
	if q.seen[d.ID] {
		return true, nil
	}
	if q.seen == nil {
		q.seen = map[string]bool{}
	}
	q.seen[d.ID] = true
	q.got = append(q.got, d)
	return false, nil
}

// post sends a delivery to h as GitHub would, signed with secret unless sig is given.
func post(t *testing.T, h http.Handler, event, id string, body []byte, sig string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/webhook", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	if event != "" {
		r.Header.Set(EventHeader, event)
	}
	if id != "" {
		r.Header.Set(DeliveryHeader, id)
	}
	if sig != "-" {
		r.Header.Set(SignatureHeader, sig)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func newTestWebhook(t *testing.T, q enqueuer) *webhook {
	t.Helper()
	h, err := NewWebhook([]byte(vectorSecret), q, []string{"issue_comment", "pull_request"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// commandPayload is the App's example issue_comment delivery with a command as its body.
func commandPayload(t testing.TB, body string) []byte {
	t.Helper()
	var ev map[string]any
	if err := json.Unmarshal(readWebhook(t, "issue_comment.created.with-installation.json"), &ev); err != nil {
		t.Fatal(err)
	}
	ev["comment"].(map[string]any)["body"] = body
	out, _ := json.Marshal(ev)
	return out
}

func TestWebhookAnswers(t *testing.T) {
	v := loadVectors(t)
	signed := map[string]string{}
	for _, c := range v.Computed {
		signed[c.File] = c.Signature
	}
	cmd := commandPayload(t, "/war-room help")
	chat := commandPayload(t, "thanks, looks good")
	cases := []struct {
		name, event, file string
		body              []byte
		sig               string
		status            int
		queued            bool
	}{
		{"ping with GitHub's signature", "ping", "ping.json", nil, "", http.StatusOK, false},
		{"event without a handler", "discussion", "discussion.created.json", nil, "", http.StatusAccepted, false},
		{"repository webhook: no installation", "issue_comment", "issue_comment.created.json", nil, "", http.StatusBadRequest, false},
		{"command comment", "issue_comment", "", cmd, Sign([]byte(vectorSecret), cmd), http.StatusAccepted, true},
		{"comment that is not a command", "issue_comment", "", chat, Sign([]byte(vectorSecret), chat), http.StatusAccepted, false},
		{"not JSON", "issue_comment", "", []byte("{"), Sign([]byte(vectorSecret), []byte("{")), http.StatusBadRequest, false},
		{"bad signature", "issue_comment", "", cmd, Sign([]byte("guess"), cmd), http.StatusUnauthorized, false},
		{"no signature", "issue_comment", "", cmd, "-", http.StatusUnauthorized, false},
		{"ping signed for another body", "ping", "", []byte(`{"zen":"x"}`), signed["ping.json"], http.StatusUnauthorized, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := &memQueue{}
			body, sig := c.body, c.sig
			if c.file != "" {
				body, sig = readWebhook(t, c.file), signed[c.file]
			}
			w := post(t, newTestWebhook(t, q), c.event, "d-1", body, sig)
			if w.Code != c.status {
				t.Fatalf("status %d (%s), want %d", w.Code, strings.TrimSpace(w.Body.String()), c.status)
			}
			if queued := len(q.got) == 1; queued != c.queued || len(q.got) > 1 {
				t.Fatalf("queued %d deliveries, want queued=%v", len(q.got), c.queued)
			}
		})
	}
}

func TestWebhookQueuesWhatTheWorkerNeeds(t *testing.T) {
	q := &memQueue{}
	h := newTestWebhook(t, q)
	body := commandPayload(t, "/war-room help")
	if w := post(t, h, "issue_comment", "72d3162e", body, Sign([]byte(vectorSecret), body)); w.Code != http.StatusAccepted {
		t.Fatalf("status %d", w.Code)
	}
	d := q.got[0]
	if d.Event != "issue_comment" || d.ID != "72d3162e" || d.Installation != 1 || d.Repo != "Codertocat/Hello-World" || !bytes.Equal(d.Payload, body) {
		t.Errorf("queued %+v", Delivery{Event: d.Event, ID: d.ID, Installation: d.Installation, Repo: d.Repo})
	}
	if w := post(t, h, "issue_comment", "72d3162e", body, Sign([]byte(vectorSecret), body)); w.Code != http.StatusOK || len(q.got) != 1 {
		t.Errorf("redelivery: status %d, %d queued; want 200 and still 1", w.Code, len(q.got))
	}
}

func TestWebhookRefusesMalformedRequests(t *testing.T) {
	q := &memQueue{}
	h := newTestWebhook(t, q)
	body := commandPayload(t, "/war-room help")
	sig := Sign([]byte(vectorSecret), body)
	if w := post(t, h, "", "d-1", body, sig); w.Code != http.StatusBadRequest {
		t.Errorf("no event header: %d", w.Code)
	}
	if w := post(t, h, "issue_comment", "", body, sig); w.Code != http.StatusBadRequest {
		t.Errorf("no delivery header: %d", w.Code)
	}
	r := httptest.NewRequest(http.MethodGet, "/webhook", nil)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != http.MethodPost {
		t.Errorf("GET: %d, Allow %q", w.Code, w.Header().Get("Allow"))
	}
	big := bytes.Repeat([]byte(" "), maxWebhookBody+1)
	if w := post(t, h, "issue_comment", "d-2", big, Sign([]byte(vectorSecret), big)); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d", w.Code)
	}
	if len(q.got) != 0 {
		t.Errorf("queued %d", len(q.got))
	}
}

func TestWebhookQueueFailureIsA503(t *testing.T) {
	q := &memQueue{err: errors.New("database is locked")}
	body := commandPayload(t, "/war-room help")
	if w := post(t, newTestWebhook(t, q), "issue_comment", "d-1", body, Sign([]byte(vectorSecret), body)); w.Code != http.StatusServiceUnavailable {
		t.Errorf("status %d, want 503 so that GitHub records a failed delivery", w.Code)
	}
}

func TestWebhookNeedsASecret(t *testing.T) {
	if _, err := NewWebhook(nil, &memQueue{}, nil, nil); err == nil {
		t.Error("a webhook without a secret was built")
	}
}

// answerLog records what a DeliveryObserver is told, as "event answer".
type answerLog []string

func (l *answerLog) Delivery(event, answer string) { *l = append(*l, event+" "+answer) }

// Every answer reaches the observer, and an event the App does not take is reported as
// "other", whatever its header said.
func TestWebhookReportsEveryAnswer(t *testing.T) {
	var got answerLog
	h := newTestWebhook(t, &memQueue{})
	h.Observer = &got
	cmd := commandPayload(t, "/war-room help")
	chat := commandPayload(t, "thanks")
	sign := func(b []byte) string { return Sign([]byte(vectorSecret), b) }
	post(t, h, "issue_comment", "d-1", cmd, sign(cmd))
	post(t, h, "issue_comment", "d-1", cmd, sign(cmd))
	post(t, h, "issue_comment", "d-2", chat, sign(chat))
	post(t, h, "ping", "d-3", []byte(`{}`), sign([]byte(`{}`)))
	post(t, h, "made-up-event-name", "d-4", cmd, sign(cmd))
	post(t, h, "made-up-event-name", "d-5", cmd, "sha256=00")
	post(t, h, "pull_request", "d-6", cmd, sign([]byte("other")))
	post(t, h, "issue_comment", "d-7", []byte("{"), sign([]byte("{")))
	post(t, h, "issue_comment", "", cmd, sign(cmd))
	want := answerLog{"issue_comment accepted", "issue_comment duplicate", "issue_comment ignored", "ping ping",
		"other ignored", "other refused", "pull_request refused", "issue_comment malformed", "issue_comment malformed"}
	if !slices.Equal(got, want) {
		t.Errorf("observed\n%v\nwant\n%v", got, want)
	}
}

// The App takes discussion_comment deliveries (/war-room outcome on a decision's discussion):
// a command comment is queued, chat on a discussion is acknowledged and dropped, as for an
// issue comment.
func TestWebhookQueuesDiscussionCommentCommands(t *testing.T) {
	var ev map[string]any
	if err := json.Unmarshal(readWebhook(t, "discussion_comment.created.json"), &ev); err != nil {
		t.Fatal(err)
	}
	payload := func(body string) []byte {
		ev["comment"].(map[string]any)["body"] = body
		out, _ := json.Marshal(ev)
		return out
	}
	q := &memQueue{}
	h, err := NewWebhook([]byte(vectorSecret), q, HandledEvents(AppHandlers(&Deps{})), nil)
	if err != nil {
		t.Fatal(err)
	}
	cmd, chat := payload("/war-room outcome held It ran a quarter."), payload("Thanks for writing this up.")
	if w := post(t, h, "discussion_comment", "d-1", cmd, Sign([]byte(vectorSecret), cmd)); w.Code != http.StatusAccepted || len(q.got) != 1 {
		t.Fatalf("command: status %d, %d queued", w.Code, len(q.got))
	}
	if w := post(t, h, "discussion_comment", "d-2", chat, Sign([]byte(vectorSecret), chat)); w.Code != http.StatusAccepted || len(q.got) != 1 {
		t.Fatalf("chat: status %d, %d queued", w.Code, len(q.got))
	}
	if q.got[0].Event != "discussion_comment" || q.got[0].Installation == 0 {
		t.Errorf("queued %+v", q.got[0])
	}
}
