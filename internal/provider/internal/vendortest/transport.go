package vendortest

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// nonJSONServerError: a proxy's HTML 502 is transport and keeps its status and text.
func (v Vendor) nonJSONServerError(t *testing.T) {
	_, pe, err := v.fail(t, Knobs{},
		Raw(http.StatusBadGateway, "text/html", "<html>502 Bad Gateway</html>"))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Equal(t, http.StatusBadGateway, pe.Status)
	assert.Contains(t, err.Error(), "502 Bad Gateway")
}

// truncatedBody: a 200 whose JSON stops short is transport, with no status.
func (v Vendor) truncatedBody(t *testing.T, body string) {
	_, pe, _ := v.fail(t, Knobs{}, Raw(http.StatusOK, "application/json", body))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Zero(t, pe.Status)
}

// nonJSONSuccess: a 200 that is not JSON (a captive portal's or proxy's page) is transport,
// with no status, even when its text would decode: the answer must say it is JSON.
func (v Vendor) nonJSONSuccess(t *testing.T) {
	body, err := os.ReadFile(filepath.Join("testdata", v.OK))
	require.NoError(t, err)
	_, pe, _ := v.fail(t, Knobs{}, Raw(http.StatusOK, "text/html", string(body)))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.Zero(t, pe.Status)
}

// connectionRefused: nobody listening is transport, and the refusal is still reachable.
func (v Vendor) connectionRefused(t *testing.T) {
	srv := NewServer(t, http.NotFoundHandler().ServeHTTP)
	srv.Close()
	pe, _ := Fail(t, v.Client(srv, Knobs{}))
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.ErrorIs(t, pe, syscall.ECONNREFUSED)
}

// timeout: an attempt outliving Config.Timeout is transport, the deadline still reachable.
// The server never answers, so the bound is what ends the call however slow the machine.
func (v Vendor) timeout(t *testing.T) {
	_, pe, _ := v.fail(t, Knobs{Timeout: 20 * time.Millisecond}, Hang)
	assert.Equal(t, provider.ClassTransport, pe.Class)
	assert.ErrorIs(t, pe, context.DeadlineExceeded)
}

// cancellation: the caller cancelling mid-request is transport, the cancellation still
// reachable. The cancel waits for the request to arrive: a call cut short, not one never sent.
func (v Vendor) cancellation(t *testing.T) {
	arrived := make(chan struct{})
	var once sync.Once
	srv := NewServer(t, func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(arrived) })
		Hang(w, r)
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-arrived:
			cancel()
		case <-ctx.Done():
		}
	}()
	_, err := v.Client(srv, Knobs{}).Complete(ctx, provider.Request{User: "q", Model: "m"})
	assert.Equal(t, provider.ClassTransport, provider.ClassOf(err))
	assert.ErrorIs(t, err, context.Canceled)
}
