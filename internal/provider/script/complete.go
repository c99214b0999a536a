package script

import (
	"context"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/wait"
)

// Model is the model name every scripted Response reports.
const Model = "script"

// templateData is what a response's Text template sees.
type templateData struct {
	Role, User, System, Model string
	// Index is the 0-based number of this call among the calls for the same role.
	Index int
}

// Complete answers req from the script. It records the request, picks the first Response whose
// Role, Index and Match all fit (else Default), waits its simulated latency and renders its
// Text. It fails with class invalid-request when nothing fits or the script is defective, with
// the scripted class when the Response sets Error, and with class transport when ctx ends first.
func (p *Provider) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	idx := p.record(req)
	if p.err != nil {
		return provider.Response{}, provider.Errorf(provider.ClassInvalidRequest, 0, "%v", p.err)
	}
	c := p.pick(req, idx)
	if c == nil {
		return provider.Response{}, provider.Errorf(provider.ClassInvalidRequest, 0,
			"script has no response for role %q call %d", req.Role, idx)
	}
	latency := c.resp.Latency
	if latency == 0 {
		latency = p.script.Latency
	}
	if err := sleep(ctx, latency); err != nil {
		return provider.Response{}, &provider.Error{Class: provider.ClassTransport, Err: err}
	}
	return render(c, req, idx, latency)
}

// record counts the call and returns its index among calls for the same role.
func (p *Provider) record(req provider.Request) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	idx := p.perRole[req.Role]
	p.perRole[req.Role] = idx + 1
	p.requests = append(p.requests, req)
	return idx
}

func (p *Provider) pick(req provider.Request, idx int) *compiled {
	for i := range p.compiled {
		c := &p.compiled[i]
		if c.resp.Role != "" && c.resp.Role != req.Role {
			continue
		}
		if c.resp.Index != nil && *c.resp.Index != idx {
			continue
		}
		if c.match != nil && !c.match.MatchString(req.User) {
			continue
		}
		return c
	}
	return p.fallback
}

// sleep waits d or until ctx ends, whichever is first; an already ended ctx always fails, so a
// cancelled run never receives a scripted answer it could mistake for a model's.
var sleep = wait.Sleep

func render(c *compiled, req provider.Request, idx int, latency time.Duration) (provider.Response, error) {
	var b strings.Builder
	data := templateData{Role: req.Role, User: req.User, System: req.System, Model: req.Model, Index: idx}
	if err := c.text.Execute(&b, data); err != nil {
		return provider.Response{}, provider.Errorf(provider.ClassInvalidRequest, 0,
			"script response for role %q call %d: %v", req.Role, idx, err)
	}
	text := b.String()
	if c.class != "" {
		if text == "" {
			text = "scripted " + string(c.class) + " failure"
		}
		return provider.Response{}, provider.Errorf(c.class, 0, "role %q call %d: %s", req.Role, idx, text)
	}
	usage := c.resp.Usage
	if usage == (provider.Usage{}) {
		usage = provider.Usage{
			InputTokens:  int64(len(req.System)+len(req.User)) / 4,
			OutputTokens: int64(len(text)) / 4,
		}
	}
	return provider.Response{Text: text, Usage: usage, StopReason: "end_turn", Model: Model,
		Scripted: true, Latency: latency}, nil
}
