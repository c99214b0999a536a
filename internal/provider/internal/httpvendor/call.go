package httpvendor

import (
	"net/http"
	"time"
)

// Call makes one SDK call, times it with now and classifies its failure with w. call must hand
// raw to the SDK (option.WithResponseInto), so that a failed response's status and headers
// reach Classify even when the SDK could not make sense of its body.
func Call[T any](now func() time.Time, w Words, call func(raw **http.Response) (T, error)) (T, time.Duration, error) {
	var raw *http.Response
	start := now()
	v, err := call(&raw)
	latency := now().Sub(start)
	if err != nil {
		return v, latency, Classify(err, raw, now, w)
	}
	return v, latency, nil
}
