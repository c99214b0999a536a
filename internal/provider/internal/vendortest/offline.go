package vendortest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// Offline is an HTTP transport that never leaves the process: it answers every request with
// one testdata file and keeps the requests' URLs, for checks of where an adapter sends a
// request when no endpoint is configured.
type Offline struct {
	body []byte
	mu   sync.Mutex
	urls []string
}

// NewOffline answers with the calling package's testdata file name.
func NewOffline(t *testing.T, name string) *Offline {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return &Offline{body: body}
}

// RoundTrip records the URL and answers 200 with the file as JSON.
func (o *Offline) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		_ = r.Body.Close()
	}
	o.mu.Lock()
	o.urls = append(o.urls, r.URL.String())
	o.mu.Unlock()
	return &http.Response{StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:  http.Header{"Content-Type": {"application/json"}},
		Body:    io.NopCloser(bytes.NewReader(o.body)),
		Request: r}, nil
}

// Client is an HTTP client over the transport.
func (o *Offline) Client() *http.Client { return &http.Client{Transport: o} }

// URLs are the requested URLs so far, in order.
func (o *Offline) URLs() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.urls...)
}

// DefaultEndpoint makes one call with p, built over o's client and no base URL, and checks
// that its one request went to want.
func (o *Offline) DefaultEndpoint(t *testing.T, p provider.Provider, want string) {
	t.Helper()
	_, err := p.Complete(context.Background(), provider.Request{User: "q"})
	require.NoError(t, err)
	assert.Equal(t, []string{want}, o.URLs())
}
