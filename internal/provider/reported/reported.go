// Package reported is a test provider wrapper: it answers through another provider and
// reports the latency a test chooses without waiting for it, since the ledger keeps what the
// adapter reports. Tests of the estimator need durations, never the wall clock.
package reported

import (
	"context"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// Provider answers through Inner and reports Latency(req) as the call's latency.
type Provider struct {
	Inner   provider.Provider
	Latency func(provider.Request) time.Duration
}

// Every reports the same latency for every call.
func Every(inner provider.Provider, d time.Duration) Provider {
	return Provider{Inner: inner, Latency: func(provider.Request) time.Duration { return d }}
}

// Complete answers through Inner and stamps the chosen latency.
func (p Provider) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	resp, err := p.Inner.Complete(ctx, req)
	resp.Latency = p.Latency(req)
	return resp, err
}
