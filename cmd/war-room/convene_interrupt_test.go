package main

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
)

// cancelOn is a stderr that cancels the run once the progress shows a given line, as a
// Ctrl-C at that moment would.
type cancelOn struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	marker string
	cancel context.CancelFunc
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, err := c.buf.Write(p)
	if strings.Contains(c.buf.String(), c.marker) {
		c.cancel()
	}
	return n, err
}

// An interrupted convene prints no decision, says it was interrupted and how to continue,
// and that command finishes the session without repeating the stored calls.
func TestConveneInterruptedSaysHowToResume(t *testing.T) {
	c := newCouncilEnv(t, "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errw := &cancelOn{marker: "▸ Closing ballot", cancel: cancel}
	var out bytes.Buffer
	e := &env{stdout: &out, stderr: errw, stdin: strings.NewReader(""), getenv: func(string) string { return "" }}
	code := run(ctx, e, []string{"convene", "--go", "--config", c.config, "--db", c.db, "--seed", "5", "Queue?"})
	stderr := errw.buf.String()
	if code == 0 || out.Len() > 0 {
		t.Fatalf("interrupted run: exit %d, stdout %q", code, out.String())
	}
	ss := c.sessions()
	if len(ss) != 1 {
		t.Fatalf("sessions: %+v", ss)
	}
	want := "interrupted; no decision was made; the completed calls are stored; continue with: war-room convene --resume " + ss[0].ID
	if !strings.Contains(stderr, want) {
		t.Fatalf("stderr lacks %q:\n%s", want, stderr)
	}
	before, _ := c.store().Ledger(context.Background(), ss[0].ID)
	if res := c.run("convene", "--resume", ss[0].ID); res.code != 0 || !strings.Contains(res.stdout, "## Dissent") {
		t.Fatalf("resume: exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	after, _ := c.store().Ledger(context.Background(), ss[0].ID)
	for _, l := range after[len(before):] {
		if l.Role != "arbiter" && !strings.HasPrefix(l.Step, "closing/") {
			t.Errorf("the resume repeated %s (%s), stored before the interrupt", l.Step, l.Role)
		}
	}
}
