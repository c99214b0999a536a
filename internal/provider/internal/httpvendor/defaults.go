package httpvendor

import (
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// OrDefault is d, or def when d is not positive.
func OrDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// Model is the request's model, else the configured one. With neither there is nothing to
// send, and retrying cannot help, so the error is ClassInvalidRequest and no call is made.
func Model(asked, configured, vendor string) (string, error) {
	if asked != "" {
		return asked, nil
	}
	if configured != "" {
		return configured, nil
	}
	return "", provider.Errorf(provider.ClassInvalidRequest, 0, "%s: no model in request or config", vendor)
}
