package httpvendor_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

func TestClassForStatus(t *testing.T) {
	transport := []int{http.StatusRequestTimeout, http.StatusConflict, http.StatusTooManyRequests,
		http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable,
		http.StatusGatewayTimeout, 529, 599}
	invalid := []int{http.StatusBadRequest, http.StatusUnauthorized, http.StatusPaymentRequired,
		http.StatusForbidden, http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusGone,
		http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity, 499}
	for _, s := range transport {
		assert.Equal(t, provider.ClassTransport, httpvendor.ClassForStatus(s), "status %d", s)
	}
	for _, s := range invalid {
		assert.Equal(t, provider.ClassInvalidRequest, httpvendor.ClassForStatus(s), "status %d", s)
	}
}

func TestRetryAfterForms(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	cases := []struct {
		name   string
		header http.Header
		want   time.Duration
	}{
		{"absent", http.Header{}, 0},
		{"seconds", http.Header{"Retry-After": {"30"}}, 30 * time.Second},
		{"seconds with spaces", http.Header{"Retry-After": {" 30 "}}, 30 * time.Second},
		{"fractional seconds", http.Header{"Retry-After": {"4.5"}}, 4500 * time.Millisecond},
		{"milliseconds", http.Header{"Retry-After-Ms": {"1"}}, time.Millisecond},
		{"milliseconds win", http.Header{"Retry-After-Ms": {"250"}, "Retry-After": {"30"}}, 250 * time.Millisecond},
		{"bad milliseconds fall back", http.Header{"Retry-After-Ms": {"x"}, "Retry-After": {"2"}}, 2 * time.Second},
		{"http date", http.Header{"Retry-After": {now.Add(90 * time.Second).Format(http.TimeFormat)}}, 90 * time.Second},
		{"date in the past", http.Header{"Retry-After": {now.Add(-time.Minute).Format(http.TimeFormat)}}, 0},
		{"zero", http.Header{"Retry-After": {"0"}}, 0},
		{"negative", http.Header{"Retry-After": {"-5"}, "Retry-After-Ms": {"-5"}}, 0},
		{"garbage", http.Header{"Retry-After": {"soon"}}, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, httpvendor.RetryAfter(tc.header, clock))
		})
	}
}
