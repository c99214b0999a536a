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

// Provider completes one prompt. Every role in every protocol is exactly one Complete call
// (plus at most one retry made by the engine), so an adapter must never batch or share state
// between calls.
type Provider interface {
	// Complete sends req and returns the model's answer. Errors are *Error values carrying a
	// Class; an adapter that cannot classify a failure returns ClassTransport, because an
	// unknown failure must never be mistaken for a judgment.
	Complete(ctx context.Context, req Request) (Response, error)
}

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

// Request is one prompt.
type Request struct {
	// System is the role body; CacheablePrefix, when set, is a stable leading part of User
	// (shared across calls of one session) that vendors with prompt caching may cache.
	System          string
	User            string
	CacheablePrefix string
	Model           string
	Effort          Effort
	MaxTokens       int
	// Seed is passed to vendors that accept one; nil when the caller has none.
	Seed *int64
	// Role names the protocol role, for adapters (script) that key responses on it.
	Role string
}

// Usage counts tokens as the vendor reported them.
type Usage struct {
	InputTokens      int64 `json:"input_tokens"`
	OutputTokens     int64 `json:"output_tokens"`
	CacheReadTokens  int64 `json:"cache_read_tokens"`
	CacheWriteTokens int64 `json:"cache_write_tokens"`
}

// Add returns u+v.
func (u Usage) Add(v Usage) Usage {
	return Usage{u.InputTokens + v.InputTokens, u.OutputTokens + v.OutputTokens,
		u.CacheReadTokens + v.CacheReadTokens, u.CacheWriteTokens + v.CacheWriteTokens}
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
	// ClassTransport: network, timeout, 5xx, overload, rate limit after retries, malformed
	// response body. Never a judgment about the prompt.
	ClassTransport Class = "transport"
	// ClassRefused: the vendor or model declined to answer (safety refusal, content filter).
	ClassRefused Class = "refused"
	// ClassInvalidRequest: the request itself is wrong (400, unknown model, bad key): retrying
	// the same request cannot succeed.
	ClassInvalidRequest Class = "invalid-request"
)

// Error is a classified provider failure.
type Error struct {
	Class Class
	// Status is the HTTP status or process exit code when there was one.
	Status int
	// RetryAfter is the vendor's hint, zero when absent.
	RetryAfter time.Duration
	Err        error
}

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
