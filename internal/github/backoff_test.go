package github

import (
	"errors"
	"testing"
	"time"
)

func TestBackoffRule(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	for _, tc := range []struct {
		name string
		err  error
		n    int
		want time.Duration
	}{
		{"retry-after wins", &APIError{Kind: RateLimited, RetryAfter: 7 * time.Second, Reset: now.Add(time.Hour)}, 3, 7 * time.Second},
		{"then the reset", &APIError{Kind: RateLimited, Reset: now.Add(90 * time.Second)}, 0, 91 * time.Second},
		{"a reset in the past", &APIError{Kind: RateLimited, Reset: now.Add(-time.Minute)}, 0, time.Second},
		{"then at least a minute", &APIError{Kind: RateLimited}, 0, time.Minute},
		{"doubling", &APIError{Kind: RateLimited}, 2, 4 * time.Minute},
		{"capped", &APIError{Kind: RateLimited}, 9, maxBackoff},
		{"transient starts shorter", &APIError{Kind: Transient}, 1, 10 * time.Second},
		{"not classified", errors.New("x"), 4, TransientBase},
	} {
		if got := Backoff(tc.err, tc.n, now); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
