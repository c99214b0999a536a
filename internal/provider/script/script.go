package script

import (
	"fmt"
	"regexp"
	"sync"
	"text/template"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// Response is one scripted answer and the conditions under which it is given.
type Response struct {
	// Role matches provider.Request.Role; "" matches any role.
	Role string `yaml:"role" json:"role"`
	// Index matches the role's Nth call (0-based) in this Provider; nil matches any call.
	Index *int `yaml:"index" json:"index"`
	// Match is an optional regexp the request's User text must match.
	Match string `yaml:"match" json:"match"`
	// Text is a text/template executed with the request (see package doc and Complete).
	Text string `yaml:"text" json:"text"`
	// Error, when set, fails the call with that class instead: "transport", "refused",
	// "invalid-request", "truncated" or "quota". Text, if any, becomes the error message.
	Error string `yaml:"error" json:"error"`
	// Latency overrides the script's default simulated latency.
	Latency time.Duration `yaml:"latency" json:"latency"`
	// Usage is reported as is; when zero, a deterministic estimate is reported instead.
	Usage provider.Usage `yaml:"usage" json:"usage"`
}

// Script is a list of responses, tried in order, and a fallback.
type Script struct {
	Responses []Response `yaml:"responses"`
	Default   *Response  `yaml:"default"`
	// Latency is the simulated latency of responses that set none.
	Latency time.Duration `yaml:"latency"`
}

// Provider answers requests from a Script. It is safe for concurrent use.
type Provider struct {
	script   Script
	compiled []compiled // parallel to script.Responses
	fallback *compiled  // compiled script.Default, nil when absent
	err      error      // a script defect found by New, reported by every call

	mu       sync.Mutex
	perRole  map[string]int
	requests []provider.Request
}

var _ provider.Provider = (*Provider)(nil)

// compiled is a Response with its regexp and template parsed once.
type compiled struct {
	resp  Response
	match *regexp.Regexp
	text  *template.Template
	class provider.Class
}

// New builds a Provider from s. A defective script (bad regexp, bad template, unknown error
// class) does not panic: every call then fails with class invalid-request naming the defect.
// Use Load, or Validate, to get the defect up front.
func New(s Script) *Provider {
	p := &Provider{script: s, perRole: map[string]int{}}
	p.err = p.compile()
	return p
}

func (p *Provider) compile() error {
	p.compiled = make([]compiled, len(p.script.Responses))
	for i, r := range p.script.Responses {
		c, err := compileResponse(r)
		if err != nil {
			return fmt.Errorf("script response %d (role %q): %w", i, r.Role, err)
		}
		p.compiled[i] = c
	}
	if p.script.Default != nil {
		c, err := compileResponse(*p.script.Default)
		if err != nil {
			return fmt.Errorf("script default response: %w", err)
		}
		p.fallback = &c
	}
	return nil
}
