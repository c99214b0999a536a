package httpvendor

import (
	"net/http"

	"github.com/war-room/war-room/engine/provider"
)

// ClassForStatus sorts an HTTP error status. Timeouts, conflicts, throttling, overload (the
// vendors' 503 and 529) and every server fault are transport: the same request may succeed
// later. Every other 4xx says the request cannot succeed as sent.
func ClassForStatus(status int) provider.Class {
	switch {
	case status == http.StatusRequestTimeout, status == http.StatusConflict,
		status == http.StatusTooManyRequests, status >= 500:
		return provider.ClassTransport
	}
	return provider.ClassInvalidRequest
}
