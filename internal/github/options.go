package github

import (
	"context"
	"time"

	"github.com/war-room/war-room/engine/wait"
)

// Defaults of Options.
const (
	// DefaultSpacing is the least time between two writes: GitHub asks for a second.
	DefaultSpacing     = time.Second
	DefaultMaxAttempts = 6
	// DefaultTimeout bounds one attempt; GitHub itself ends a request after 10 s.
	DefaultTimeout = 30 * time.Second
)

// Options configure a Transport. Zero values take the defaults above, except Spacing, whose
// zero is no pause (writes are still sent one at a time), and the clock functions, whose nil
// is the real clock.
type Options struct {
	// Key names the installation or token the requests act as; writes under one Key are
	// spaced across the whole process (and across processes with Limiter). Two tokens of
	// one installation share a Key; two installations never do. "" is one shared Key.
	Key string
	// Spacing is the least time from one write's answer to the next write under Key.
	Spacing time.Duration
	// Shared says the Key acts for many repositories (an App installation): Spacing is then
	// the operator's, and a repository's configuration spaces only its own writes (Repo,
	// RepoSpacing). Without it the Key is one repository's or one person's token, and a
	// configuration's spacing is the Key's.
	Shared bool
	// Repo names the repository the writes are for; with RepoSpacing they are also spaced
	// from that repository's other writes under Key. The repository's spacing is waited out
	// before the Key's gate is taken, so it holds back no other repository.
	Repo        string
	RepoSpacing time.Duration
	// MaxAttempts bounds the tries of one request; Timeout bounds each try.
	MaxAttempts int
	Timeout     time.Duration
	// Limiter, when set, also spaces writes across processes sharing it.
	Limiter limiter
	// Now is the clock; Sleep waits on it; AfterFunc calls f once d has passed on it (and
	// returns a stop function). Tests replace all three, so that spacing, back-off and
	// timeouts need no real waiting.
	Now       func() time.Time
	Sleep     func(ctx context.Context, d time.Duration) error
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// Warn receives one line per retry (default: dropped).
	Warn func(msg string)
	// Retried, when set, counts each retry: kind is "graphql" or "rest", reason one of
	// "rate_limited", "secondary_limit", "server_error" or "transport" (the names of
	// internal/metrics' reasons, so that its counter can be passed as it is).
	Retried func(kind, reason string)
}

// SetSpacing sets the spacing a configuration asks for: its repository's, on a Shared Key,
// else the Key's.
func (o *Options) SetSpacing(d time.Duration) {
	if o.Shared {
		o.RepoSpacing = d
		return
	}
	o.Spacing = d
}

func (o Options) withDefaults() Options {
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = DefaultMaxAttempts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Sleep == nil {
		o.Sleep = wait.Sleep
	}
	if o.AfterFunc == nil {
		o.AfterFunc = afterFunc
	}
	if o.Warn == nil {
		o.Warn = func(string) {}
	}
	if o.Retried == nil {
		o.Retried = func(string, string) {}
	}
	return o
}
