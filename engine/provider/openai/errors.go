package openai

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	sdk "github.com/openai/openai-go/v3"

	"github.com/war-room/war-room/engine/provider"
)

// classify turns an SDK failure into a provider.Error. raw is the last HTTP response, when
// one arrived: its status decides the class even where the SDK could not parse the error body
// (compatible servers disagree on its shape). With no response (connection refused, reset,
// timeout) or a 2xx body that would not decode, the failure is transport.
func classify(op string, err error, raw *http.Response, now func() time.Time) error {
	if raw == nil || raw.StatusCode < 400 {
		return &provider.Error{Class: provider.ClassTransport,
			Err: &errWithContext{msg: fmt.Sprintf("openai: %s: %v", op, err), err: err}}
	}
	return &provider.Error{
		Class:      classForStatus(raw.StatusCode),
		Status:     raw.StatusCode,
		RetryAfter: retryAfter(raw.Header, now),
		Err:        &errWithContext{msg: fmt.Sprintf("openai: %s: %s", op, vendorMessage(err, raw)), err: err},
	}
}

// classForStatus: throttling, overload (503) and server faults are transport; every other
// 4xx says the request itself cannot succeed as sent.
func classForStatus(status int) provider.Class {
	switch {
	case status == http.StatusRequestTimeout, status == http.StatusConflict,
		status == http.StatusTooManyRequests, status >= 500:
		return provider.ClassTransport
	}
	return provider.ClassInvalidRequest
}

// vendorMessage prefers the SDK's parse of OpenAI's {"error":{...}} body and falls back to
// the shapes other servers use, then to the body's text.
func vendorMessage(err error, raw *http.Response) string {
	var ae *sdk.Error
	if errors.As(err, &ae) && ae.Message != "" {
		return join(kind(ae.Type, ae.Code), ae.Message)
	}
	text := bodyText(raw)
	if m := bodyMessage(text); m != "" {
		return m
	}
	if text == "" {
		return http.StatusText(raw.StatusCode)
	}
	return text
}

func join(kind, msg string) string {
	if kind == "" {
		return msg
	}
	return kind + ": " + msg
}

// kind names an OpenAI error by its type and, when it adds something, its code. A numeric
// code (llama.cpp repeats the HTTP status there) adds nothing.
func kind(typ, code string) string {
	if _, err := strconv.Atoi(code); err == nil {
		code = ""
	}
	switch {
	case code == "" || code == typ:
		return typ
	case typ == "":
		return code
	}
	return typ + "/" + code
}

// retryAfter reads retry-after-ms, then retry-after (seconds or an HTTP date).
func retryAfter(h http.Header, now func() time.Time) time.Duration {
	if ms, err := strconv.ParseFloat(h.Get("Retry-After-Ms"), 64); err == nil && ms > 0 {
		return time.Duration(ms * float64(time.Millisecond))
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if s, err := strconv.ParseFloat(v, 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now()) {
		return t.Sub(now())
	}
	return 0
}

// errWithContext keeps the SDK error for errors.Is/As while leading with a readable message;
// the SDK's own text for API errors carries only the status.
type errWithContext struct {
	msg string
	err error
}

func (e *errWithContext) Error() string { return e.msg }
func (e *errWithContext) Unwrap() error { return e.err }
