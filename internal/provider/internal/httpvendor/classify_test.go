package httpvendor_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/internal/httpvendor"
)

var clock = func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }

// words reads an SDK message from an error whose text starts "sdk:", and a body message from
// a body that starts "msg=", so each step of the fallback can be reached on its own.
func words() httpvendor.Words {
	return httpvendor.Words{
		Transport: "acme: op",
		Status:    "acme",
		FromSDK: func(err error) string {
			if s, ok := cut(err.Error(), "sdk:"); ok {
				return s
			}
			return ""
		},
		FromBody: func(text string) string {
			s, _ := cut(text, "msg=")
			return s
		},
	}
}

func cut(s, prefix string) (string, bool) {
	if len(s) > len(prefix) && s[:len(prefix)] == prefix {
		return s[len(prefix):], true
	}
	return "", false
}

func classify(t *testing.T, err error, raw *http.Response) *provider.Error {
	t.Helper()
	var pe *provider.Error
	got := httpvendor.Classify(err, raw, clock, words())
	require.True(t, errors.As(got, &pe), "%v is not a *provider.Error", got)
	assert.ErrorIs(t, got, err, "the SDK error stays reachable")
	return pe
}

func TestClassifyWithoutAResponseIsTransport(t *testing.T) {
	cause := fmt.Errorf("post: %w", context.DeadlineExceeded)
	pe := classify(t, cause, nil)
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Zero(t, pe.Status)
	assert.EqualError(t, pe.Err, "acme: op: post: context deadline exceeded")
	assert.ErrorIs(t, pe, context.DeadlineExceeded)
}

func TestClassifyUndecodableSuccessIsTransport(t *testing.T) {
	pe := classify(t, errors.New("unexpected end of JSON input"), response(http.StatusOK, `{"id":`))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Zero(t, pe.Status, "a 2xx status is not an error status")
}

func TestClassifyStatusMessageFallsBackInOrder(t *testing.T) {
	cases := []struct {
		name, err, body string
		status          int
		want            string
	}{
		{"sdk reading", "sdk:overloaded: busy", "msg=ignored", 529, "acme: overloaded: busy"},
		{"body reading", "opaque", "msg=quota spent", 429, "acme: quota spent"},
		{"body text", "opaque", "<html>502 Bad Gateway</html>", 502, "acme: <html>502 Bad Gateway</html>"},
		{"status text", "opaque", "", 404, "acme: Not Found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pe := classify(t, errors.New(tc.err), response(tc.status, tc.body))
			assert.Equal(t, tc.status, pe.Status)
			assert.Equal(t, httpvendor.ClassForStatus(tc.status), pe.Class)
			assert.EqualError(t, pe.Err, tc.want)
		})
	}
}

func TestClassifyKeepsTheRetryHint(t *testing.T) {
	raw := response(http.StatusTooManyRequests, "")
	raw.Header.Set("Retry-After", "7")
	pe := classify(t, errors.New("opaque"), raw)
	assert.Equal(t, 7*time.Second, pe.RetryAfter)
}

func TestCallTimesAndClassifies(t *testing.T) {
	ticks := []time.Time{clock(), clock().Add(1500 * time.Millisecond)}
	now := func() time.Time { next := ticks[0]; ticks = ticks[1:]; return next }
	v, latency, err := httpvendor.Call(now, words(), func(raw **http.Response) (string, error) {
		return "answer", nil
	})
	require.NoError(t, err)
	assert.Equal(t, "answer", v)
	assert.Equal(t, 1500*time.Millisecond, latency)

	_, _, err = httpvendor.Call(clock, words(), func(raw **http.Response) (string, error) {
		*raw = response(http.StatusBadRequest, "msg=bad field")
		return "", errors.New("opaque")
	})
	assert.Equal(t, provider.ClassInvalidRequest, provider.ClassOf(err))
	assert.ErrorContains(t, err, "acme: bad field")
}

func TestClassifyQuotaOverridesTheStatusAndDropsTheHint(t *testing.T) {
	w := words()
	w.Quota = func(status int, body string) bool { return status == 429 && body == "msg=spend limit" }
	raw := response(http.StatusTooManyRequests, "msg=spend limit")
	raw.Header.Set("Retry-After", "30")
	var pe *provider.Error
	require.True(t, errors.As(httpvendor.Classify(errors.New("opaque"), raw, clock, w), &pe))
	assert.Equal(t, provider.ClassQuota, pe.Class)
	assert.Zero(t, pe.RetryAfter)
	assert.EqualError(t, pe.Err, "acme: spend limit")

	require.True(t, errors.As(httpvendor.Classify(errors.New("opaque"), response(429, "msg=slow down"), clock, w), &pe))
	assert.Equal(t, provider.ClassTransport, pe.Class, "an ordinary rate limit stays transport")
}

func TestClassifyNamesTheRejectedSetting(t *testing.T) {
	cases := map[string]string{
		"msg=output_config.effort: not supported":                    provider.ParamEffort,
		"msg=Unsupported parameter: 'reasoning_effort'":              provider.ParamEffort,
		"msg=thinking.type: adaptive is not supported":               provider.ParamThinking,
		"msg=max_tokens: 200000 > 64000":                             "",
		"msg=Unrecognized request argument supplied: stream_options": provider.ParamStream,
		"msg=stream is not supported for this model":                 provider.ParamStream,
		"msg=upstream connect error":                                 "",
	}
	for body, want := range cases {
		pe := classify(t, errors.New("opaque"), response(http.StatusBadRequest, body))
		assert.Equal(t, want, pe.Param, body)
	}
	pe := classify(t, errors.New("opaque"), response(http.StatusInternalServerError, "msg=effort backend down"))
	assert.Empty(t, pe.Param, "only a rejected request names a setting")
}
