package webhook

import (
	"net/http"
	"slices"
)

// Observer is told how the intake answered each request (the App's metrics).
type Observer interface {
	// Delivery counts one answered request. event is the X-GitHub-Event header when it names
	// ping or an event war-room handles, else "other" (the header of a request not yet
	// verified is anyone's to choose, so it is never passed on as is); answer is one of the
	// Answer constants.
	Delivery(event, answer string)
}

// How the intake answered a request, as Observer is told.
const (
	AnswerAccepted    = "accepted"     // 202: stored as a job
	answerDuplicate   = "duplicate"    // 200: a delivery id already stored
	answerIgnored     = "ignored"      // 202: an event or activity war-room does nothing with
	answerPing        = "ping"         // 200
	AnswerRefused     = "refused"      // 401: no signature, or not the body's
	answerMalformed   = "malformed"    // 400: missing headers, not JSON, no installation
	answerUnreadable  = "unreadable"   // 400: the body could not be read to its end
	answerTooLarge    = "too_large"    // 413
	answerWrongMethod = "wrong_method" // 405
	answerUnavailable = "unavailable"  // 503: the queue could not store it, or no spool file could hold it
)

// OtherEvent is the event label of anything but ping and the handled events.
const OtherEvent = "other"

// observe reports an answer to the observer, if there is one.
func (h *Handler) observe(event, answer string) {
	if h.Observer == nil {
		return
	}
	if event != "ping" && !slices.Contains(h.events, event) {
		event = OtherEvent
	}
	h.Observer.Delivery(event, answer)
}

// refuse answers with an error status and reports it.
func (h *Handler) refuse(w http.ResponseWriter, event, answer, text string, status int) {
	h.observe(event, answer)
	http.Error(w, text, status)
}

// reply answers with a success status and reports it.
func (h *Handler) reply(w http.ResponseWriter, event, answer, text string, status int) {
	h.observe(event, answer)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	w.Write([]byte(text + "\n"))
}
