package script

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

func intp(i int) *int { return &i }

func complete(t *testing.T, p *Provider, role, user string) (provider.Response, error) {
	t.Helper()
	return p.Complete(context.Background(), provider.Request{Role: role, User: user, System: "sys"})
}

func TestSelectionFirstMatchWinsInListedOrder(t *testing.T) {
	p := New(Script{Responses: []Response{
		{Role: "critic", Match: "urgent", Text: "critic-urgent"},
		{Role: "critic", Text: "critic-any"},
		{Text: "any-role"},
	}})
	cases := []struct{ role, user, want string }{
		{"critic", "this is urgent", "critic-urgent"},
		{"critic", "calm", "critic-any"},
		{"expert", "this is urgent", "any-role"},
	}
	for _, c := range cases {
		r, err := complete(t, p, c.role, c.user)
		noErr(t, err)
		eq(t, c.want, r.Text, "role %s user %q", c.role, c.user)
		eq(t, true, r.Scripted)
		eq(t, Model, r.Model)
	}
}

func TestIndexCountsPerRole(t *testing.T) {
	p := New(Script{Responses: []Response{
		{Role: "expert", Index: intp(0), Text: "first expert"},
		{Role: "expert", Index: intp(1), Text: "second expert"},
		{Role: "judge", Index: intp(0), Text: "first judge"},
	}, Default: &Response{Text: "{{.Role}} #{{.Index}}"}})
	var got []string
	for _, role := range []string{"expert", "judge", "expert", "expert", "judge"} {
		r, err := complete(t, p, role, "q")
		noErr(t, err)
		got = append(got, r.Text)
	}
	eq(t, []string{"first expert", "first judge", "second expert", "expert #2", "judge #1"}, got)
	eq(t, 5, p.Calls())
	eq(t, 3, p.CallsFor("expert"))
	eq(t, 2, p.CallsFor("judge"))
	eq(t, 0, p.CallsFor("nobody"))
}

func TestNoResponseIsInvalidRequestNamingRoleAndIndex(t *testing.T) {
	p := New(Script{Responses: []Response{{Role: "expert", Index: intp(0), Text: "once"}}})
	_, err := complete(t, p, "expert", "q")
	noErr(t, err)
	_, err = complete(t, p, "expert", "q")
	isErr(t, err)
	eq(t, provider.ClassInvalidRequest, provider.ClassOf(err))
	contains(t, err.Error(), `script has no response for role "expert" call 1`)
}

func TestTemplateSeesRequestAndEchoesNonce(t *testing.T) {
	p := New(Script{Default: &Response{
		Text: `JUDGMENT: CONFIRMED nonce={{match "nonce=([0-9a-f]+)" .User}} model={{.Model}} sys={{.System}} whole={{match "b+" .User}} none=[{{match "zzz(q)" .User}}]`,
	}})
	r, err := p.Complete(context.Background(), provider.Request{
		Role: "reviewer", Model: "m1", System: "S", User: "abbbc lane nonce=9f3a01 and nonce=ffff"})
	noErr(t, err)
	eq(t, "JUDGMENT: CONFIRMED nonce=9f3a01 model=m1 sys=S whole=bbb none=[]", r.Text)
}

func TestErrorClasses(t *testing.T) {
	for _, class := range []provider.Class{provider.ClassTransport, provider.ClassRefused, provider.ClassInvalidRequest} {
		p := New(Script{Default: &Response{Error: string(class), Text: "because {{.Role}}"}})
		r, err := complete(t, p, "x", "q")
		isErr(t, err, class)
		eq(t, class, provider.ClassOf(err))
		contains(t, err.Error(), "because x")
		eq(t, "", r.Text)
	}
}

func TestDefectiveScriptFailsEveryCall(t *testing.T) {
	for name, s := range map[string]Script{
		"regexp":   {Responses: []Response{{Match: "("}}},
		"template": {Default: &Response{Text: "{{.Nope"}},
		"class":    {Responses: []Response{{Error: "overloaded"}}},
		"index":    {Responses: []Response{{Index: intp(-1)}}},
	} {
		isErr(t, validate(s), name)
		_, err := complete(t, New(s), "x", "q")
		eq(t, provider.ClassInvalidRequest, provider.ClassOf(err), name)
	}
	noErr(t, validate(Script{}))
}

func TestTemplateRuntimeErrorIsInvalidRequest(t *testing.T) {
	p := New(Script{Default: &Response{Text: `{{match "(" .User}}`}})
	_, err := complete(t, p, "x", "q")
	isErr(t, err)
	eq(t, provider.ClassInvalidRequest, provider.ClassOf(err))
}

func TestUsageScriptedOrEstimated(t *testing.T) {
	scripted := provider.Usage{InputTokens: 11, OutputTokens: 22, CacheReadTokens: 33, CacheWriteTokens: 44}
	p := New(Script{Responses: []Response{{Role: "a", Text: "x", Usage: scripted}},
		Default: &Response{Text: strings.Repeat("o", 40)}})
	r, err := complete(t, p, "a", "q")
	noErr(t, err)
	eq(t, scripted, r.Usage)
	r, err = p.Complete(context.Background(), provider.Request{Role: "b", System: strings.Repeat("s", 20), User: strings.Repeat("u", 21)})
	noErr(t, err)
	eq(t, provider.Usage{InputTokens: 10, OutputTokens: 10}, r.Usage)
}

func TestRequestsAreCopiedInOrder(t *testing.T) {
	p := New(Script{Default: &Response{Text: "ok"}})
	_, _ = complete(t, p, "a", "one")
	_, _ = complete(t, p, "b", "two")
	reqs := p.Requests()
	if len(reqs) != 2 {
		t.Fatalf("got %d requests", len(reqs))
	}
	eq(t, "one", reqs[0].User)
	eq(t, "two", reqs[1].User)
	reqs[0].User = "mutated"
	eq(t, "one", p.Requests()[0].User)
}

func TestLatencyHonoursCancellation(t *testing.T) {
	p := New(Script{Latency: 1 << 62, Default: &Response{Text: "never"}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := p.Complete(ctx, provider.Request{Role: "slow"})
		done <- err
	}()
	// Cancel only once the call is in flight (recorded), so the test exercises the sleep.
	for p.Calls() == 0 {
		runtimeGosched()
	}
	cancel()
	err := <-done
	isErr(t, err)
	eq(t, provider.ClassTransport, provider.ClassOf(err))
	errIs(t, err, context.Canceled)
}

func TestPerResponseLatencyOverridesDefaultAndIsReported(t *testing.T) {
	p := New(Script{Latency: 1 << 62, Responses: []Response{{Latency: 1, Text: "fast"}}})
	r, err := complete(t, p, "x", "q")
	noErr(t, err)
	eq(t, "fast", r.Text)
	eq(t, time.Duration(1), r.Latency)
}

func TestCancelledContextFailsEvenWithoutLatency(t *testing.T) {
	p := New(Script{Default: &Response{Text: "ok"}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := p.Complete(ctx, provider.Request{})
	errIs(t, err, context.Canceled)
	eq(t, provider.ClassTransport, provider.ClassOf(err))
}

// validate reports the first defect in s, or nil.
func validate(s Script) error {
	return New(s).err
}
