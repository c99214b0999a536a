package httpvendor

import (
	"fmt"
	"net/http"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// Words says how an adapter puts a failed call into words.
type Words struct {
	// Transport leads the SDK's own text when no HTTP error status came back.
	Transport string
	// Status leads the vendor's message when one did.
	Status string
	// FromSDK is the vendor's message as the SDK parsed it from the error body, or "".
	FromSDK func(err error) string
	// FromBody finds the message in an error body the SDK could not parse, or returns "".
	FromBody func(text string) string
	// Quota reports whether an error status and body say the account's credit, spend limit
	// or quota is exhausted (nil: never). Vendors word that differently, and some use the
	// rate limit's own status for it, so only the adapter can tell.
	Quota func(status int, body string) bool
	// WaitIn finds a wait the vendor asks for in an error body rather than a header (Google's
	// retryDelay), or returns 0 (nil: none). A header's wait comes first.
	WaitIn func(body string) time.Duration
}

// Classify turns an SDK failure into a *provider.Error. raw is the last HTTP response, when
// one arrived: its status decides the class even where the SDK could not parse the error body
// (a proxy's HTML page, a compatible server's own shape). With no response at all (connection
// refused, reset, timeout, cancellation) or a 2xx body that would not decode, the failure is
// transport. Either way the SDK error stays reachable through Unwrap, so errors.Is still finds
// context.DeadlineExceeded or syscall.ECONNREFUSED beneath it.
func Classify(err error, raw *http.Response, now func() time.Time, w Words) error {
	if raw == nil || raw.StatusCode < 400 {
		return &provider.Error{Class: provider.ClassTransport,
			Err: &withContext{msg: fmt.Sprintf("%s: %v", w.Transport, err), err: err}}
	}
	body := readBody(raw)
	msg := w.vendorMessage(err, raw.StatusCode, body)
	pe := &provider.Error{
		Class:      ClassForStatus(raw.StatusCode),
		Status:     raw.StatusCode,
		RetryAfter: RetryAfter(raw.Header, now),
		Err:        &withContext{msg: w.Status + ": " + msg, err: err},
	}
	if pe.RetryAfter == 0 && w.WaitIn != nil {
		pe.RetryAfter = w.WaitIn(body)
	}
	switch {
	case w.Quota != nil && w.Quota(raw.StatusCode, body):
		pe.Class, pe.RetryAfter = provider.ClassQuota, 0
	case pe.Class == provider.ClassInvalidRequest:
		pe.Param = ParamNamed(msg)
	}
	return pe
}

// vendorMessage is the vendor's own words for a failed response: the SDK's reading, else the
// adapter's reading of the body, else the body's start, else the status text.
func (w Words) vendorMessage(err error, status int, body string) string {
	if m := w.FromSDK(err); m != "" {
		return m
	}
	if m := w.FromBody(body); m != "" {
		return m
	}
	if text := clip(body); text != "" {
		return text
	}
	return http.StatusText(status)
}

// withContext leads with a readable message while keeping the SDK error (method, URL, raw
// body) for errors.Is/As; the SDKs' own text for an API error carries little beyond the status.
type withContext struct {
	msg string
	err error
}

func (e *withContext) Error() string { return e.msg }
func (e *withContext) Unwrap() error { return e.err }
