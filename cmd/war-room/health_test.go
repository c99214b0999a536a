package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// war-room health exits 0 only when /healthz answers 200, and says what it got otherwise.
func TestHealthProbe(t *testing.T) {
	healthy := httptest.NewServer(serveMux(http.NotFoundHandler(), http.NotFoundHandler()))
	defer healthy.Close()
	sick := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "draining", http.StatusServiceUnavailable)
	}))
	defer sick.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	gone.Close()
	cases := []struct {
		name, url string
		code      int
		want      string
	}{
		{"serving", healthy.URL, exitOK, "/healthz: ok"},
		{"answering 503", sick.URL, exitFailure, "503 Service Unavailable draining"},
		{"not listening", gone.URL, exitFailure, "connection refused"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, out, errb := testEnv(nil)
			code := run(context.Background(), e, []string{"health", "--addr", strings.TrimPrefix(c.url, "http://")})
			if code != c.code || !strings.Contains(out.String()+errb.String(), c.want) {
				t.Errorf("exit %d, want %d; output %q, want it to say %q", code, c.code, out.String()+errb.String(), c.want)
			}
		})
	}
	e, _, errb := testEnv(nil)
	if code := run(context.Background(), e, []string{"health", "--addr", "no-port"}); code != exitUsage || !strings.Contains(errb.String(), "--addr") {
		t.Errorf("bad --addr: exit %d, %q", code, errb.String())
	}
}
