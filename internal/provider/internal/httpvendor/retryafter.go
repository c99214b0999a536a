package httpvendor

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// RetryAfter reads the vendor's wait hint: retry-after-ms first (the finer grain both SDKs
// honour), then retry-after as seconds (fractions allowed) or an HTTP date, measured from
// now. Absent, unparsable, non-positive or past hints are zero.
func RetryAfter(h http.Header, now func() time.Time) time.Duration {
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
