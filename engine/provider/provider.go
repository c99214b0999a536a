// Package provider defines the one port through which war-room reaches a language model, the
// request and response shapes every adapter speaks, and the classes a failure can fall into.
// Adapters live in subpackages (anthropic, openai, cli, script); the engine knows only this file.
package provider

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Provider completes one prompt. Every attempt of every role's call is exactly one Complete,
// and an HTTP adapter makes exactly one request per Complete: the engine is the only layer
// that retries, so that the ledger counts every request. An adapter must never retry, batch or
// share state between calls.
type Provider interface {
	// Complete sends req and returns the model's answer. Errors are *Error values carrying a
	// Class; an adapter that cannot classify a failure returns ClassTransport, because an
	// unknown failure must never be mistaken for a judgment.
	Complete(ctx context.Context, req Request) (Response, error)
}

// The two provider types that reach no vendor's API, named in the port because the engine
// treats them apart: a scripted answer is labelled "not a model" and left out of a default
// panel, and an estimate seeds an agent CLI's latency apart from an API's. Everything else
// about a provider type is the vendor registry's (internal/provider/vendors).
const (
	TypeScript = "script"
	TypeCLI    = "cli"
)

// Effort is the reasoning effort asked of a model; adapters map it to each vendor's knob.
type Effort string

// The effort ladder, lowest first.
const (
	EffortLow    Effort = "low"
	EffortMedium Effort = "medium"
	EffortHigh   Effort = "high"
	EffortXHigh  Effort = "xhigh"
	EffortMax    Effort = "max"
)

// ParseEffort accepts the names above (and "" as unset).
func ParseEffort(s string) (Effort, error) {
	switch e := Effort(s); e {
	case "", EffortLow, EffortMedium, EffortHigh, EffortXHigh, EffortMax:
		return e, nil
	}
	return "", fmt.Errorf("unknown effort %q (want low, medium, high, xhigh or max)", s)
}

// Thinking says whether a model that can think before it answers is asked to.
type Thinking string

const (
	// ThinkingOff sends no thinking parameter: the model answers as its API does by default.
	ThinkingOff Thinking = "off"
	// ThinkingAdaptive lets the model decide when and how much to think (Anthropic's
	// thinking.type "adaptive"). Thinking is never part of the answer text.
	ThinkingAdaptive Thinking = "adaptive"
)

// Request is one prompt.
type Request struct {
	// System is trusted text that is the same for every call of a session (how to read the
	// fenced material), so that it can lead every prompt's cacheable prefix.
	System string
	// User is everything else: the session's shared material first, then what differs
	// between calls (role instructions, per-call inputs, the task).
	User string
	// CacheBreaks are byte offsets into User, increasing, each ending a prefix that other
	// calls of the session send byte for byte. Adapters with explicit prompt caching put a
	// cache breakpoint at each; the others ignore them. Offsets outside User are ignored.
	CacheBreaks []int
	// CacheKey names the session to vendors that route requests by a cache key (OpenAI's
	// prompt_cache_key); empty sends none.
	CacheKey string
	Model    string
	// Effort is the level to send, already one the model accepts; empty sends no effort
	// field at all.
	Effort Effort
	// Thinking asks for thinking where the adapter supports it; empty or ThinkingOff sends
	// nothing.
	Thinking  Thinking
	MaxTokens int
	// Seed is passed to vendors that accept one; nil when the caller has none.
	Seed *int64
	// Role names the protocol role, for adapters (script) that key responses on it.
	Role string
	// NoStream asks for the answer whole instead of streamed: the endpoint refused a streamed
	// request once (ParamStream), and the engine remembers it as it does a refused effort.
	NoStream bool
	// Began, when set, is called once the vendor's response has begun: the first event of a
	// streamed answer arrived, so the vendor has read the whole prompt and written any cache
	// entry it makes. An adapter that streams calls it at most once, before Complete returns;
	// one that does not stream never calls it. The engine's cache warm-up releases the calls
	// waiting on this one's prefix at that moment rather than at its last token.
	Began func()
	// Delta, when set, is given each piece of the answer's text as it streams in, in order:
	// the pieces of one request join into the Response's Text (thinking is not part of it).
	// An adapter that does not stream never calls it. A protocol that can act on the start of
	// an answer (the standing team's triage gate) reads it; nothing is stored from it.
	Delta func(text string)
}

// Usage counts tokens as the vendor reported them. InputTokens excludes the cached tokens,
// which are counted apart, so that no token is counted twice.
type Usage struct {
	InputTokens      int64 `json:"input_tokens"`
	OutputTokens     int64 `json:"output_tokens"`
	CacheReadTokens  int64 `json:"cache_read_tokens"`
	CacheWriteTokens int64 `json:"cache_write_tokens"`
	// ThinkingTokens is the part of OutputTokens the model spent thinking or reasoning, where
	// the vendor reports it. It is a breakdown, not an addition: Total does not add it.
	ThinkingTokens int64 `json:"thinking_tokens,omitempty"`
}

// Add returns u+v.
func (u Usage) Add(v Usage) Usage {
	return Usage{u.InputTokens + v.InputTokens, u.OutputTokens + v.OutputTokens,
		u.CacheReadTokens + v.CacheReadTokens, u.CacheWriteTokens + v.CacheWriteTokens,
		u.ThinkingTokens + v.ThinkingTokens}
}

// Total is every token the call consumed, for budget ceilings.
func (u Usage) Total() int64 {
	return u.InputTokens + u.OutputTokens + u.CacheReadTokens + u.CacheWriteTokens
}

// Response is the model's answer.
type Response struct {
	Text       string
	Usage      Usage
	StopReason string
	// Model is the model the vendor says answered, which may differ from the one asked for.
	Model string
	// Scripted is true only for the script adapter: its text is not a model's and every place
	// that shows it must say so.
	Scripted bool
	Latency  time.Duration
}

// Class says what kind of failure an error is.
type Class string

const (
	// ClassTransport: network, timeout, 5xx, overload, rate limit, malformed response body.
	// Never a judgment about the prompt; the engine may retry it.
	ClassTransport Class = "transport"
	// ClassRefused: the vendor or model declined to answer (safety refusal, content filter).
	ClassRefused Class = "refused"
	// ClassInvalidRequest: the request itself is wrong (400, unknown model, bad key): retrying
	// the same request cannot succeed.
	ClassInvalidRequest Class = "invalid-request"
	// ClassTruncated: the answer stopped because it ran out of output budget or context
	// (Anthropic stop_reason max_tokens or model_context_window_exceeded, OpenAI
	// finish_reason length). A cut-off answer is never an answer.
	ClassTruncated Class = "truncated"
	// ClassQuota: the account's credit, spend limit or usage quota is exhausted. Waiting a
	// few seconds does not help, so it is never retried.
	ClassQuota Class = "quota"
)

// Error is a classified provider failure.
type Error struct {
	Class Class
	// Status is the HTTP status or process exit code when there was one.
	Status int
	// RetryAfter is the vendor's hint, zero when absent.
	RetryAfter time.Duration
	// Param names the request setting an invalid-request error is about, when the vendor's
	// message names one war-room sets: ParamEffort, ParamThinking or ParamStream.
	Param string
	Err   error
}

// Request settings an invalid-request error can name.
const (
	ParamEffort   = "effort"
	ParamThinking = "thinking"
	// ParamStream is streaming itself ("stream", "stream_options"), which some compatible
	// servers do not take.
	ParamStream = "stream"
)

func (e *Error) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("%s (status %d): %v", e.Class, e.Status, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Class, e.Err)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf builds a classified error.
func Errorf(class Class, status int, format string, args ...any) *Error {
	return &Error{Class: class, Status: status, Err: fmt.Errorf(format, args...)}
}

// ClassOf returns the class of err: the Class of a wrapped *Error, ClassTransport for context
// deadlines and anything unclassified.
func ClassOf(err error) Class {
	var pe *Error
	if errors.As(err, &pe) {
		return pe.Class
	}
	return ClassTransport
}

// Checker is a Provider that can check, without asking its model anything, that its key is
// accepted, its endpoint answers and its model exists there (the vendor's model endpoint,
// which Anthropic and OpenAI-compatible servers serve at no cost). A session checks each
// profile it will call this way before its first call, so that a broken profile fails it
// before any other has spent. Check returns *Error values; a server that has no model
// endpoint at all returns nil (nothing could be checked, nothing is known to be wrong).
type Checker interface {
	Check(ctx context.Context) error
}
