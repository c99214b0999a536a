package anthropic

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	sdk "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/war-room/war-room/engine/provider"
)

// classify turns an SDK failure into a provider.Error. raw is the last HTTP response, when
// one arrived: the status decides the class even where the SDK could not build an API error
// (a non-JSON error page from a proxy). With no response at all (connection refused, reset,
// timeout) or with a 2xx body that would not decode, the failure is transport.
func classify(err error, raw *http.Response, now func() time.Time) error {
	if raw == nil || raw.StatusCode < 400 {
		return &provider.Error{Class: provider.ClassTransport, Err: transportErr(err)}
	}
	return &provider.Error{
		Class:      classForStatus(raw.StatusCode),
		Status:     raw.StatusCode,
		RetryAfter: retryAfter(raw.Header, now),
		Err:        statusErr(vendorMessage(err, raw), err),
	}
}

// classForStatus: throttling, overload (529) and server faults are transport; every other
// 4xx says the request itself cannot succeed as sent.
func classForStatus(status int) provider.Class {
	switch {
	case status == http.StatusRequestTimeout, status == http.StatusConflict,
		status == http.StatusTooManyRequests, status >= 500:
		return provider.ClassTransport
	}
	return provider.ClassInvalidRequest
}

// vendorMessage is "type: message" from the API's error body, or the start of the body when
// it is not the API's JSON.
func vendorMessage(err error, raw *http.Response) string {
	var ae *sdk.Error
	if errors.As(err, &ae) && ae.Message != "" {
		if t := string(ae.Type()); t != "" {
			return t + ": " + ae.Message
		}
		return ae.Message
	}
	var body struct {
		Error struct{ Type, Message string } `json:"error"`
	}
	text := bodyText(raw)
	if json.Unmarshal([]byte(text), &body) == nil && body.Error.Message != "" {
		return body.Error.Type + ": " + body.Error.Message
	}
	if text == "" {
		return http.StatusText(raw.StatusCode)
	}
	return text
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
