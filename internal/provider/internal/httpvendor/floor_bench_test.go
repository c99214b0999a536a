package httpvendor_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/war-room/war-room/internal/provider/internal/vendortest"
)

// answer is a Chat Completions answer of the usual size.
var answer = []byte(`{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":"Keep the queue on SQLite until replicas are needed."},"finish_reason":"stop"}],"usage":{"prompt_tokens":3139,"completion_tokens":503,"total_tokens":3642}}`)

// BenchmarkBareRoundTrip is the floor under the adapters' BenchmarkComplete: a plain
// net/http POST of a body of vendortest.BenchRequest's size to a loopback server that answers
// at once, the answer read and decoded into a small struct, no SDK. "keepalive" reuses its
// connection; "newconn" dials one per request, as net/http's default two idle connections per
// host made most calls of a wider wave do.
func BenchmarkBareRoundTrip(b *testing.B) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
	}))
	defer srv.Close()
	req := vendortest.BenchRequest
	body, err := json.Marshal(map[string]any{"model": "m", "messages": []map[string]string{
		{"role": "system", "content": req.System}, {"role": "user", "content": req.User}}})
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		tr   *http.Transport
	}{
		{"keepalive", &http.Transport{MaxIdleConnsPerHost: 16}},
		{"newconn", &http.Transport{DisableKeepAlives: true}},
	} {
		hc := &http.Client{Transport: tc.tr}
		b.Run(tc.name, func(b *testing.B) {
			defer vendortest.ReportCPU(b)()
			for b.Loop() {
				roundTrip(b, hc, srv.URL, body)
			}
		})
	}
}

func roundTrip(b *testing.B, hc *http.Client, url string, body []byte) {
	resp, err := hc.Post(url+"/v1/chat/completions", "application/json", bytes.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		b.Fatal(err)
	}
	var v struct {
		Choices []struct {
			Message struct{ Content string }
		}
	}
	if err := json.Unmarshal(raw, &v); err != nil || len(v.Choices) != 1 {
		b.Fatalf("answer %s: %v", raw, err)
	}
}
