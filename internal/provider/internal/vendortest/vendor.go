package vendortest

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/provider"
)

// Knobs are the Config fields the shared checks turn; each adapter copies them into its own
// Config, whose other fields stay at its test defaults.
type Knobs struct {
	Model   string
	Timeout time.Duration
}

// Vendor is what the shared checks need to know about one adapter.
type Vendor struct {
	// Client builds the adapter against srv (which may already be closed) with k.
	Client func(srv *Server, k Knobs) provider.Provider
	// OK names a testdata file holding a successful answer; OKStop is its stop reason.
	OK, OKStop string
}

// ErrorCase is one scripted error reply and the text the error message must contain.
type ErrorCase struct {
	// Name names the subtest; empty names it by the status text.
	Name   string
	Status int
	// File names the testdata file sent as the body.
	File string
	Want string
	// Param is the setting an invalid-request case must name (provider.ParamEffort, …).
	Param string
}

func (c ErrorCase) name() string {
	if c.Name == "" {
		return http.StatusText(c.Status)
	}
	return c.Name
}

// Fail sends a request that must fail and returns the *provider.Error it failed with, and
// the error as returned.
func Fail(t *testing.T, p provider.Provider) (*provider.Error, error) {
	t.Helper()
	_, err := p.Complete(context.Background(), provider.Request{User: "q", Model: "m"})
	require.Error(t, err)
	var pe *provider.Error
	require.True(t, errors.As(err, &pe), "error %v is not a *provider.Error", err)
	return pe, err
}

// fail scripts srv with replies and fails one request against it made with k.
func (v Vendor) fail(t *testing.T, k Knobs, replies ...Reply) (*Server, *provider.Error, error) {
	t.Helper()
	srv := NewServer(t, replies...)
	pe, err := Fail(t, v.Client(srv, k))
	return srv, pe, err
}
