package httpvendor

import (
	"io"
	"net/http"
	"strings"
)

// MaxBodyText bounds how much of an unexpected error body goes into an error message: a
// proxy's HTML error page must not flood a log line or a ledger row.
const MaxBodyText = 512

// maxBodyRead bounds how much of an error body is read to classify it: vendors' error
// objects are far smaller, a proxy's page may not be.
const maxBodyRead = 64 << 10

// BodyText returns the start of an error response's body, trimmed and cut at MaxBodyText.
// Both SDKs re-buffer that body after reading it, so it can be read again here.
func BodyText(raw *http.Response) string { return clip(readBody(raw)) }

// readBody returns an error response's body, trimmed, up to maxBodyRead bytes.
func readBody(raw *http.Response) string {
	if raw == nil || raw.Body == nil {
		return ""
	}
	b, _ := io.ReadAll(io.LimitReader(raw.Body, maxBodyRead))
	return strings.TrimSpace(string(b))
}

// clip cuts s at MaxBodyText.
func clip(s string) string {
	if len(s) > MaxBodyText {
		return s[:MaxBodyText] + "…"
	}
	return s
}

// Join puts an error's kind before its message, or leaves the message alone when there is
// no kind.
func Join(kind, msg string) string {
	if kind == "" {
		return msg
	}
	return kind + ": " + msg
}
