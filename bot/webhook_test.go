package bot

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/war-room/war-room/bot/internal/webhooktest"
	"github.com/war-room/war-room/bot/webhook"
)

// The secret of the computed signature vectors.
const vectorSecret = webhooktest.Secret

// memQueue is the shared in-memory queue.
type memQueue = webhooktest.Queue

// post sends a delivery to h as GitHub would, signed with secret unless sig is given.
func post(t *testing.T, h http.Handler, event, id string, body []byte, sig string) *httptest.ResponseRecorder {
	t.Helper()
	return webhooktest.Post(t, h, event, id, body, sig)
}

// newTestWebhook is the App's intake as serve builds it, on a queue of the test's.
func newTestWebhook(t *testing.T, q webhook.Enqueuer) *webhook.Handler {
	t.Helper()
	h, err := webhook.New([]byte(vectorSecret), q, []string{"issue_comment", "pull_request"}, Unwanted, nil)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// commandPayload is the App's example issue_comment delivery with a command as its body.
func commandPayload(t testing.TB, body string) []byte { return webhooktest.CommandPayload(t, body) }

// readWebhook is a recorded payload of testdata/webhooks.
func readWebhook(t testing.TB, name string) []byte { return webhooktest.Read(t, name) }

func TestWebhookAnswers(t *testing.T) {
	v := webhooktest.LoadVectors(t)
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
		{"command comment", "issue_comment", "", cmd, webhook.Sign([]byte(vectorSecret), cmd), http.StatusAccepted, true},
		{"comment that is not a command", "issue_comment", "", chat, webhook.Sign([]byte(vectorSecret), chat), http.StatusAccepted, false},
		{"not JSON", "issue_comment", "", []byte("{"), webhook.Sign([]byte(vectorSecret), []byte("{")), http.StatusBadRequest, false},
		{"bad signature", "issue_comment", "", cmd, webhook.Sign([]byte("guess"), cmd), http.StatusUnauthorized, false},
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
			if queued := len(q.Got) == 1; queued != c.queued || len(q.Got) > 1 {
				t.Fatalf("queued %d deliveries, want queued=%v", len(q.Got), c.queued)
			}
		})
	}
}

func TestWebhookQueuesWhatTheWorkerNeeds(t *testing.T) {
	q := &memQueue{}
	h := newTestWebhook(t, q)
	body := commandPayload(t, "/war-room help")
	if w := post(t, h, "issue_comment", "72d3162e", body, webhook.Sign([]byte(vectorSecret), body)); w.Code != http.StatusAccepted {
		t.Fatalf("status %d", w.Code)
	}
	d := q.Got[0]
	if d.Event != "issue_comment" || d.ID != "72d3162e" || d.Installation != 1 || d.Repo != "Codertocat/Hello-World" || !bytes.Equal(d.Payload, body) {
		t.Errorf("queued %+v", webhook.Delivery{Event: d.Event, ID: d.ID, Installation: d.Installation, Repo: d.Repo})
	}
	if w := post(t, h, "issue_comment", "72d3162e", body, webhook.Sign([]byte(vectorSecret), body)); w.Code != http.StatusOK || len(q.Got) != 1 {
		t.Errorf("redelivery: status %d, %d queued; want 200 and still 1", w.Code, len(q.Got))
	}
}

func TestWebhookRefusesMalformedRequests(t *testing.T) {
	q := &memQueue{}
	h := newTestWebhook(t, q)
	body := commandPayload(t, "/war-room help")
	sig := webhook.Sign([]byte(vectorSecret), body)
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
	big := bytes.Repeat([]byte(" "), webhook.MaxBody+1)
	if w := post(t, h, "issue_comment", "d-2", big, webhook.Sign([]byte(vectorSecret), big)); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d", w.Code)
	}
	if len(q.Got) != 0 {
		t.Errorf("queued %d", len(q.Got))
	}
}

func TestWebhookQueueFailureIsA503(t *testing.T) {
	q := &memQueue{Err: errors.New("database is locked")}
	body := commandPayload(t, "/war-room help")
	if w := post(t, newTestWebhook(t, q), "issue_comment", "d-1", body, webhook.Sign([]byte(vectorSecret), body)); w.Code != http.StatusServiceUnavailable {
		t.Errorf("status %d, want 503 so that GitHub records a failed delivery", w.Code)
	}
}

func TestWebhookNeedsASecret(t *testing.T) {
	if _, err := webhook.New(nil, &memQueue{}, nil, Unwanted, nil); err == nil {
		t.Error("a webhook without a secret was built")
	}
}

// answerLog records what an observer is told, as "event answer".
type answerLog = webhooktest.Answers

// Every answer reaches the observer, and an event the App does not take is reported as
// "other", whatever its header said.
func TestWebhookReportsEveryAnswer(t *testing.T) {
	var got answerLog
	h := newTestWebhook(t, &memQueue{})
	h.Observer = &got
	cmd := commandPayload(t, "/war-room help")
	chat := commandPayload(t, "thanks")
	sign := func(b []byte) string { return webhook.Sign([]byte(vectorSecret), b) }
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
	h, err := webhook.New([]byte(vectorSecret), q, HandledEvents(AppHandlers(&Deps{})), Unwanted, nil)
	if err != nil {
		t.Fatal(err)
	}
	cmd, chat := payload("/war-room outcome held It ran a quarter."), payload("Thanks for writing this up.")
	if w := post(t, h, "discussion_comment", "d-1", cmd, webhook.Sign([]byte(vectorSecret), cmd)); w.Code != http.StatusAccepted || len(q.Got) != 1 {
		t.Fatalf("command: status %d, %d queued", w.Code, len(q.Got))
	}
	if w := post(t, h, "discussion_comment", "d-2", chat, webhook.Sign([]byte(vectorSecret), chat)); w.Code != http.StatusAccepted || len(q.Got) != 1 {
		t.Fatalf("chat: status %d, %d queued", w.Code, len(q.Got))
	}
	if q.Got[0].Event != "discussion_comment" || q.Got[0].Installation == 0 {
		t.Errorf("queued %+v", q.Got[0])
	}
}
