package anthropic

import (
	"fmt"
	"io"
	"net/http"
	"strings"
)

// maxBodyText bounds how much of an unexpected error body goes into an error message.
const maxBodyText = 512

// bodyText returns the start of an error response's body. The SDK re-buffers that body after
// reading it, so it can be read again here.
func bodyText(raw *http.Response) string {
	if raw == nil || raw.Body == nil {
		return ""
	}
	b, _ := io.ReadAll(io.LimitReader(raw.Body, maxBodyText+1))
	s := strings.TrimSpace(string(b))
	if len(s) > maxBodyText {
		s = s[:maxBodyText] + "…"
	}
	return s
}

// errWithContext keeps the SDK error for errors.Is/As while leading with a readable message.
type errWithContext struct {
	msg string
	err error
}

func (e *errWithContext) Error() string { return e.msg }
func (e *errWithContext) Unwrap() error { return e.err }

// transportErr describes a failure with no usable HTTP status: the SDK's text says it best.
func transportErr(err error) error {
	return &errWithContext{msg: fmt.Sprintf("anthropic: messages: %v", err), err: err}
}

// statusErr leads with the vendor's own words; the SDK error (method, URL, raw body) stays
// reachable through Unwrap.
func statusErr(vendor string, err error) error {
	return &errWithContext{msg: "anthropic: " + vendor, err: err}
}
