package github

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// Transport is the http.RoundTripper every GitHub request goes through: it spaces writes,
// retries what GitHub asks to be retried, hides rate-limit headers from the clients above
// it, and turns every answer that is not a success into an *APIError (see the package
// documentation). Put it above the authenticating transport, so that a retry is
// authenticated afresh.
type Transport struct {
	base http.RoundTripper
	gate *gate
	opts atomic.Pointer[Options]
}

var _ http.RoundTripper = (*Transport)(nil)

// NewTransport returns a Transport over base (nil: http.DefaultTransport).
func NewTransport(base http.RoundTripper, o Options) *Transport {
	if base == nil {
		base = http.DefaultTransport
	}
	t := &Transport{base: base, gate: gateFor(o.Key)}
	t.opts.Store(&o)
	return t
}

// Options returns the transport's options as given (defaults not filled in).
func (t *Transport) Options() Options { return *t.opts.Load() }

// SetOptions replaces the options; the Key is kept, so the transport stays on its gate.
func (t *Transport) SetOptions(o Options) {
	o.Key = t.Options().Key
	t.opts.Store(&o)
}

// Derive returns a transport over the same base and Key with the options change made.
func (t *Transport) Derive(change func(*Options)) *Transport {
	o := t.Options()
	change(&o)
	o.Key = t.Options().Key
	d := &Transport{base: t.base, gate: t.gate}
	d.opts.Store(&o)
	return d
}

// LastWrite is when the last write under the transport's Key was answered in this process.
func (t *Transport) LastWrite() time.Time { return t.gate.lastWrite() }

// ObserveWrite records a write made under the Key at at (by an earlier process, say), so
// that the next one keeps its spacing from it.
func (t *Transport) ObserveWrite(at time.Time) { t.gate.observe(at) }

// RoundTrip sends r, retrying as the package documentation says.
func (t *Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	o := t.Options().withDefaults()
	d, err := describe(r)
	if err != nil {
		return nil, fmt.Errorf("read the request body: %w", err)
	}
	for n := 0; ; n++ {
		resp, err := t.attempt(r, d, &o)
		var ae *APIError
		if !errors.As(err, &ae) {
			return resp, err // a success, a final refusal to read, or the caller gave up
		}
		ae.Attempts = n + 1
		if !retryable(ae, d) {
			return nil, ae
		}
		if n+1 >= o.MaxAttempts {
			ae.Exhausted = true
			return nil, ae
		}
		wait := Backoff(ae, n, o.Now())
		o.Warn(fmt.Sprintf("%s; retrying in %s", ae, wait))
		o.Retried(d.family(), retryReason(ae))
		if err := o.Sleep(r.Context(), wait); err != nil {
			return nil, err
		}
	}
}

// retryReason names why ae is retried, for a metric.
func retryReason(ae *APIError) string {
	switch {
	case ae.Kind == RateLimited && ae.Reset.IsZero():
		return "secondary_limit" // a Retry-After or a back-off, with quota left
	case ae.Kind == RateLimited:
		return "rate_limited"
	case ae.Status >= 500:
		return "server_error"
	}
	return "transport"
}

// retryable says whether the transport itself repeats a failed request: always after a
// rate limit (GitHub did nothing), after any other transient failure only when repeating is
// harmless. A create of unknown outcome goes back to the caller, who looks for it first.
func retryable(ae *APIError, d *described) bool {
	switch ae.Kind {
	case RateLimited:
		return true
	case Transient:
		return d.kind != create
	}
	return false
}

// attempt sends r once, a write through the gate.
func (t *Transport) attempt(r *http.Request, d *described, o *Options) (*http.Response, error) {
	ctx := r.Context()
	if d.write() {
		release, err := t.enter(ctx, o)
		if err != nil {
			return nil, err
		}
		defer release()
	}
	actx, cancel := context.WithCancel(ctx)
	var timedOut atomic.Bool
	stop := o.AfterFunc(o.Timeout, func() { timedOut.Store(true); cancel() })
	done := func() { stop(); cancel() }
	req := r.Clone(actx)
	if d.hasBody {
		req.Body, req.GetBody = d.newBody(), func() (io.ReadCloser, error) { return d.newBody(), nil }
		req.ContentLength = int64(len(d.body))
	}
	if req.Header.Get("X-GitHub-Api-Version") == "" {
		req.Header.Set("X-GitHub-Api-Version", apiVersion)
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		done()
		return nil, t.noAnswer(ctx, d, o, err, timedOut.Load())
	}
	if !d.graphQL && resp.StatusCode >= 200 && resp.StatusCode < 300 && !d.expectJSON {
		hideLimits(resp.Header)
		resp.Body = &timedBody{ReadCloser: resp.Body, done: done}
		return resp, nil // a diff or a raw file: streamed, not held whole
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	done()
	if err != nil {
		return nil, t.noAnswer(ctx, d, o, err, timedOut.Load())
	}
	if ae := judge(d, resp.StatusCode, resp.Header, body, o.Now()); ae != nil {
		return nil, ae
	}
	hideLimits(resp.Header)
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}

// noAnswer is a request that got no (whole) answer: the caller's own end, or a transient
// failure whose write may have happened.
func (t *Transport) noAnswer(ctx context.Context, d *described, o *Options, err error, timedOut bool) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	ae := &APIError{Op: d.op, Kind: Transient, Write: d.write(), Err: err}
	if timedOut {
		ae.Messages = []string{fmt.Sprintf("no answer within %s", o.Timeout)}
	}
	return ae
}

// enter waits for a write's turn, first under its repository's gate (when the options
// name one) and then under the Key's, and returns what releases both once the answer is in.
func (t *Transport) enter(ctx context.Context, o *Options) (release func(), err error) {
	type held struct {
		g       *gate
		key     string
		spacing time.Duration
	}
	var gates []held
	if o.Repo != "" {
		key := o.Key + "|repository:" + o.Repo
		gates = append(gates, held{gateFor(key), key, o.RepoSpacing})
	}
	gates = append(gates, held{t.gate, o.Key, o.Spacing})
	for i, h := range gates {
		if err := h.g.enter(ctx, h.key, h.spacing, o); err != nil {
			for _, e := range gates[:i] {
				<-e.g.lock
			}
			return nil, err
		}
	}
	return func() {
		at := o.Now()
		for i := len(gates) - 1; i >= 0; i-- {
			h := gates[i]
			h.g.release(at)
			if o.Limiter != nil {
				if err := o.Limiter.Release(context.WithoutCancel(ctx), h.key, at, h.spacing); err != nil {
					o.Warn("write spacing: " + err.Error())
				}
			}
		}
	}, nil
}

// apiVersion is the REST API version sent with every request that names none; GitHub's
// GraphQL endpoint ignores it.
const apiVersion = "2022-11-28"

// timedBody ends the attempt's timer and context when a streamed body is closed.
type timedBody struct {
	io.ReadCloser
	done func()
}

func (b *timedBody) Close() error {
	err := b.ReadCloser.Close()
	b.done()
	return err
}
