// Package webhook is the App's HTTP intake: it verifies a delivery's signature while the body
// streams in, reads its envelope, and queues it for the workers, answering GitHub at once.
// Nothing on its path calls GitHub or a model.
package webhook

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"time"
)

// Delivery headers GitHub sends with every webhook.
const (
	EventHeader    = "X-GitHub-Event"
	DeliveryHeader = "X-GitHub-Delivery"
)

// MaxBody caps a delivery's body: GitHub sends no payload over 25 MB, so anything
// larger is not GitHub.
const MaxBody = 25 << 20

// EnqueueTimeout bounds the one write on the request path, well inside GitHub's 10 s.
const EnqueueTimeout = 5 * time.Second

// Delivery is one verified webhook delivery, as it is queued.
type Delivery struct {
	Event, ID    string
	Installation int64
	// Repo is "owner/name" when the payload has a repository (for logs only).
	Repo    string
	Payload []byte
}

// Enqueuer queues deliveries for the workers.
type Enqueuer interface {
	// Enqueue stores d as a job, durably, before it returns. duplicate is true (and nothing
	// is stored) when a job for the same delivery id is already stored; an error means
	// nothing was stored.
	Enqueue(ctx context.Context, d Delivery) (duplicate bool, err error)
}

// Handler is the App's HTTP intake: it verifies a delivery, queues it and answers at once.
// Nothing on the request path calls GitHub or a model: the work happens in the queue.
type Handler struct {
	// Observer, when set, is told every answer (the App's metrics).
	Observer Observer

	secret []byte
	queue  Enqueuer
	events []string
	wanted Filter
	log    *slog.Logger
	// spooling holds a token per body in a spool file (MaxSpooling).
	spooling chan struct{}
}

var _ http.Handler = (*Handler)(nil)

// Filter says why the handlers would do nothing with a delivery, from its envelope alone, or
// "" when they may act on it (nil: every delivery of a handled event is queued).
type Filter func(event string, e *Envelope) string

// New returns the intake for deliveries signed with secret; events are those a handler takes
// (others are acknowledged and dropped), and a delivery the filter finds unwanted is
// acknowledged and dropped too. A nil log discards.
func New(secret []byte, q Enqueuer, events []string, filter Filter, log *slog.Logger) (*Handler, error) {
	if len(secret) == 0 {
		return nil, errors.New("webhook: a secret is required: without one anyone can send deliveries")
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Handler{secret: secret, queue: q, events: events, wanted: filter, log: log, spooling: make(chan struct{}, maxSpooling)}, nil
}

// ServeHTTP answers 202 for a queued or dropped delivery, 200 for ping or a duplicate, 401
// for a bad signature, 400 for a malformed delivery, 405/413 for a wrong method or size,
// and 503 when the queue could not store it (GitHub records a failed delivery, which can
// be redelivered). The signature is computed while the body streams in; until it is checked,
// at most MaxHeldUnverified bytes of the body are in memory.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	event, id := r.Header.Get(EventHeader), r.Header.Get(DeliveryHeader)
	log := h.log.With("delivery", id, "event", event)
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		h.refuse(w, event, answerWrongMethod, "POST only", http.StatusMethodNotAllowed)
		return
	}
	if r.ContentLength > MaxBody {
		h.refuse(w, event, answerTooLarge, "body too large", http.StatusRequestEntityTooLarge)
		return
	}
	want, ok := parseSignature(r.Header.Get(SignatureHeader))
	if !ok { // nothing the body holds could make this signature valid: do not read it
		log.Warn("webhook: missing or malformed signature", "remote", r.RemoteAddr)
		h.refuse(w, event, AnswerRefused, "bad signature", http.StatusUnauthorized)
		return
	}
	b, err := h.readBody(r.Context(), http.MaxBytesReader(w, r.Body, MaxBody), r.ContentLength, slices.Contains(h.events, event))
	// readBody returns its body even when reading failed: the spool it may hold is released here.
	defer b.Close() //lint:ignore SA5001 b is never nil (see readBody)
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		h.refuse(w, event, answerTooLarge, "body too large", http.StatusRequestEntityTooLarge)
		return
	case errors.Is(err, errSpool):
		log.Error("webhook: cannot keep a large body while its signature is checked", "err", err)
		h.refuse(w, event, answerUnavailable, "cannot read the body now", http.StatusServiceUnavailable)
		return
	case err != nil:
		log.Warn("webhook: reading the body", "err", err)
		h.refuse(w, event, answerUnreadable, "cannot read body", http.StatusBadRequest)
		return
	case !b.signedBy(want):
		log.Warn("webhook: bad signature", "remote", r.RemoteAddr)
		h.refuse(w, event, AnswerRefused, "bad signature", http.StatusUnauthorized)
		return
	case event == "" || id == "":
		log.Warn("webhook: missing delivery headers")
		h.refuse(w, event, answerMalformed, "missing "+EventHeader+" or "+DeliveryHeader, http.StatusBadRequest)
		return
	}
	payload, err := b.payload()
	if err != nil {
		log.Error("webhook: read the spooled body", "err", err)
		h.refuse(w, event, answerUnavailable, "cannot read the body now", http.StatusServiceUnavailable)
		return
	}
	h.accept(r.Context(), w, Delivery{Event: event, ID: id, Payload: payload}, log)
}

// accept routes a verified delivery: ping and unhandled events end here, the rest is queued.
func (h *Handler) accept(ctx context.Context, w http.ResponseWriter, d Delivery, log *slog.Logger) {
	if d.Event == "ping" {
		log.Info("webhook: ping")
		h.reply(w, d.Event, answerPing, "pong", http.StatusOK)
		return
	}
	if !slices.Contains(h.events, d.Event) {
		log.Info("webhook: ignored: no handler for this event")
		h.reply(w, d.Event, answerIgnored, "ignored: war-room does not handle "+d.Event, http.StatusAccepted)
		return
	}
	env, err := ParseEnvelope(d.Payload)
	if err != nil {
		log.Warn("webhook: malformed payload", "err", err)
		h.refuse(w, d.Event, answerMalformed, err.Error(), http.StatusBadRequest)
		return
	}
	d.Installation, d.Repo = env.Installation.ID, env.Repository.FullName
	log = log.With("installation", d.Installation, "repo", d.Repo, "thread", env.Thread())
	if why := h.filter(d.Event, env); why != "" {
		log.Info("webhook: ignored: " + why)
		h.reply(w, d.Event, answerIgnored, "ignored: "+why, http.StatusAccepted)
		return
	}
	h.enqueue(ctx, w, d, log)
}

func (h *Handler) enqueue(ctx context.Context, w http.ResponseWriter, d Delivery, log *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), EnqueueTimeout)
	defer cancel()
	dup, err := h.queue.Enqueue(ctx, d)
	switch {
	case err != nil:
		log.Error("webhook: enqueue", "err", err)
		h.refuse(w, d.Event, answerUnavailable, "cannot queue the delivery now", http.StatusServiceUnavailable)
	case dup:
		log.Info("webhook: duplicate delivery; already queued")
		h.reply(w, d.Event, answerDuplicate, "duplicate delivery", http.StatusOK)
	default:
		log.Info("webhook: queued")
		h.reply(w, d.Event, AnswerAccepted, "queued", http.StatusAccepted)
	}
}

// filter applies the Filter, if any.
func (h *Handler) filter(event string, e *Envelope) string {
	if h.wanted == nil {
		return ""
	}
	return h.wanted(event, e)
}
