package cli

import (
	"errors"
	"strings"
	"testing"

	"github.com/war-room/war-room/engine/provider"
)

func wantClass(t *testing.T, err error, class provider.Class) *provider.Error {
	t.Helper()
	var pe *provider.Error
	if !errors.As(err, &pe) {
		t.Fatalf("want a *provider.Error of class %s, got %v", class, err)
	}
	eq(t, class, pe.Class)
	return pe
}

var commands = []string{"claude", "codex", "gemini"}

var okFixture = map[string]string{"claude": "claude_ok.json", "codex": "codex_ok.jsonl", "gemini": "gemini_ok.json"}

func TestNonZeroExitIsTransportWithStderrTail(t *testing.T) {
	for _, cmd := range commands {
		s := newStub(t, "", 3, `echo "auth: credentials expired" >&2`)
		_, err := run(t, cmd, s, testReq, Config{})
		pe := wantClass(t, err, provider.ClassTransport)
		eq(t, 3, pe.Status)
		contains(t, err.Error(), "credentials expired")
	}
}

// A CLI that prints a well-formed answer but exits non-zero has not succeeded.
func TestNonZeroExitWithValidOutputIsTransport(t *testing.T) {
	for _, cmd := range commands {
		s := newStub(t, fixture(t, okFixture[cmd]), 2, "")
		_, err := run(t, cmd, s, testReq, Config{})
		eq(t, 2, wantClass(t, err, provider.ClassTransport).Status)
	}
}

func TestMalformedOutputIsTransport(t *testing.T) {
	for _, cmd := range commands {
		s := newStub(t, "Error: something went wrong {not json", 0, "")
		_, err := run(t, cmd, s, testReq, Config{})
		wantClass(t, err, provider.ClassTransport)
		contains(t, err.Error(), "malformed")
	}
}

func TestEmptyOutputIsTransport(t *testing.T) {
	for _, cmd := range commands {
		s := newStub(t, "\n", 0, "")
		_, err := run(t, cmd, s, testReq, Config{})
		wantClass(t, err, provider.ClassTransport)
		contains(t, err.Error(), "empty")
	}
}

func TestEmptyAnswerIsTransport(t *testing.T) {
	outputs := map[string]string{
		"claude": `{"type":"result","subtype":"success","is_error":false,"result":"  "}`,
		"codex":  `{"type":"turn.started"}` + "\n" + `{"type":"turn.completed","usage":{"input_tokens":1,"output_tokens":0}}`,
		"gemini": `{"response":"","stats":{}}`,
	}
	for cmd, out := range outputs {
		s := newStub(t, out, 0, "")
		_, err := run(t, cmd, s, testReq, Config{})
		wantClass(t, err, provider.ClassTransport)
	}
}

func TestCLIReportedErrorsAreTransport(t *testing.T) {
	cases := map[string]struct{ fixture, want string }{
		"claude": {"claude_error.json", "529 overloaded"},
		"codex":  {"codex_failed.jsonl", "retry limit"},
		"gemini": {"gemini_error.json", "Quota exceeded"},
	}
	for cmd, c := range cases {
		s := newStub(t, fixture(t, c.fixture), 1, "")
		_, err := run(t, cmd, s, testReq, Config{})
		wantClass(t, err, provider.ClassTransport)
		contains(t, err.Error(), c.want)
	}
}

func TestClaudeRefusalIsRefused(t *testing.T) {
	for _, exit := range []int{0, 1} {
		s := newStub(t, fixture(t, "claude_refusal.json"), exit, "")
		_, err := run(t, "claude", s, testReq, Config{})
		wantClass(t, err, provider.ClassRefused)
	}
}

// Stderr is quoted only as a short tail, so a CLI that echoes its input cannot carry the
// prompt into our error messages and logs.
func TestStderrQuoteIsBounded(t *testing.T) {
	s := newStub(t, "", 1, `cat "$D/stdin" >&2; cat "$D/stdin" >&2; echo "final reason" >&2`)
	req := testReq
	req.User = strings.Repeat("secret prompt body ", 500)
	_, err := run(t, "codex", s, req, Config{})
	wantClass(t, err, provider.ClassTransport)
	contains(t, err.Error(), "final reason")
	if n := len(err.Error()); n > 700 {
		t.Errorf("error message is %d bytes; stderr must be quoted as a short tail", n)
	}
}

func TestUnknownCommand(t *testing.T) {
	_, err := New(Config{Command: "bash"})
	if err == nil {
		t.Fatal("New must reject an unknown command")
	}
	contains(t, err.Error(), `"bash"`)
	contains(t, err.Error(), "claude, codex, gemini")
}

func TestMissingBinaryIsInvalidRequest(t *testing.T) {
	c, err := New(Config{Command: "codex", Binary: t.TempDir() + "/no-such-codex"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Complete(t.Context(), testReq)
	wantClass(t, err, provider.ClassInvalidRequest)
}

func TestDefaults(t *testing.T) {
	c, err := New(Config{Command: "gemini"})
	if err != nil {
		t.Fatal(err)
	}
	eq(t, "gemini", c.cfg.Binary)
	eq(t, defaultTimeout, c.cfg.Timeout)
}
