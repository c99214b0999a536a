package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
)

// progress prints one line per event on stderr. It never prints model text. It is safe for
// several runs (parallel review lanes) to share.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

func newProgress(w io.Writer) *progress { return &progress{w: w} }

func (p *progress) Emit(ev events.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.start.IsZero() {
		p.start = ev.Time
	}
	at := ev.Time.Sub(p.start).Truncate(time.Second)
	var line string
	switch ev.Kind {
	case events.SessionStarted:
		line = fmt.Sprintf("session %s started (%s)", ev.SessionID, ev.Message)
	case events.SessionFinished:
		line = fmt.Sprintf("session %s %s", ev.SessionID, ev.Outcome)
	case events.Phase:
		line = "phase " + ev.Phase
	case events.CallStarted:
		line = fmt.Sprintf("  %s → %s …", ev.Role, ev.Profile)
	case events.CallHeartbeat:
		line = fmt.Sprintf("  %s → %s still working (%s)", ev.Role, ev.Profile, ev.Elapsed.Truncate(time.Second))
	case events.CallFinished:
		line = fmt.Sprintf("  %s → %s %s in %s", ev.Role, ev.Profile, ev.Outcome, ev.Elapsed.Truncate(time.Millisecond))
	case events.Gate:
		// The question itself is shown once, by whoever asks it: the prompt on a terminal,
		// else the closing "answer with" lines.
		line = "waiting for an answer at gate " + ev.Step
	case events.StepResumed:
		line = "  " + ev.Step + " (stored result reused)"
	default:
		line = string(ev.Kind)
	}
	fmt.Fprintf(p.w, "[%s] %s\n", fmtClock(at), line)
}

// Disclose prints who will receive the session's material, before the first call.
func (p *progress) Disclose(_ context.Context, d engine.Disclosure) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, err := fmt.Fprint(p.w, d.Text())
	return err
}

var _ engine.Discloser = (*progress)(nil)

func fmtClock(d time.Duration) string {
	return fmt.Sprintf("%02d:%02d", int(d.Minutes()), int(d.Seconds())%60)
}

// ttyPrompter asks gate questions on the terminal.
func ttyPrompter(e *env) engine.Prompter {
	in := bufio.NewReader(e.stdin)
	return func(ctx context.Context, g engine.GateRecord) (string, bool, error) {
		fmt.Fprintf(e.stderr, "\n%s\n", g.Text())
		if len(g.Choices) > 0 {
			fmt.Fprintf(e.stderr, "answer (%s): ", strings.Join(g.Choices, "/"))
		} else {
			fmt.Fprint(e.stderr, "answer: ")
		}
		for {
			line, err := in.ReadString('\n')
			if err != nil && line == "" {
				return "", false, nil
			}
			answer := strings.TrimSpace(line)
			// A typo is asked again rather than handed to the gate, which would refuse it.
			if len(g.Choices) == 0 || slices.Contains(g.Choices, answer) {
				return answer, true, nil
			}
			fmt.Fprintf(e.stderr, "%q is not one of %s; answer (%s): ", answer, strings.Join(g.Choices, ", "), strings.Join(g.Choices, "/"))
		}
	}
}
