package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
	"github.com/war-room/war-room/engine/ledger"
)

// Narration levels of --narrate.
const (
	narrateQuiet  = "quiet"
	narrateDigest = "digest"
	narrateFull   = "full"
)

// narrateFlag is --narrate quiet|digest|full.
type narrateFlag string

func (n *narrateFlag) String() string { return string(*n) }

func (n *narrateFlag) Set(v string) error {
	switch v {
	case narrateQuiet, narrateDigest, narrateFull:
		*n = narrateFlag(v)
		return nil
	}
	return fmt.Errorf("want quiet, digest or full, got %q", v)
}

func (n narrateFlag) level() string {
	if n == "" {
		return narrateDigest
	}
	return string(n)
}

// narrator tells a person on stderr what a deliberation is doing, at a level. quiet shows only
// the disclosure (which is never skipped); digest shows the phases, the count of answers in
// while a phase runs, the digest of each phase once it is revealed, and a heartbeat per slow
// call with its typical duration; full adds every turn verbatim. No level shows a member's
// content before the phase that holds it is over: while blind positions run, only counts.
type narrator struct {
	mu      sync.Mutex
	w       io.Writer
	level   string
	typical func(profile, role string) time.Duration
	// expect and in count a parallel phase's answers, by step key.
	expect, in map[string]int
}

func newNarrator(w io.Writer, level string, typical func(profile, role string) time.Duration) *narrator {
	return &narrator{w: w, level: level, typical: typical, expect: map[string]int{}, in: map[string]int{}}
}

var (
	_ events.Sink      = (*narrator)(nil)
	_ events.Narrator  = (*narrator)(nil)
	_ engine.Discloser = (*narrator)(nil)
)

// Disclose prints who will receive the material, at every level.
func (n *narrator) Disclose(_ context.Context, d engine.Disclosure) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	_, err := fmt.Fprint(n.w, d.Text())
	return err
}

// counted returns the parallel phase a step belongs to, if a narration opened one.
func (n *narrator) counted(step string) (string, bool) {
	phase, _, ok := strings.Cut(step, "/")
	if !ok {
		return "", false
	}
	_, open := n.expect[phase]
	return phase, open
}

func (n *narrator) Emit(ev events.Event) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.level == narrateQuiet {
		return
	}
	phase, counted := n.counted(ev.Step)
	switch ev.Kind {
	case events.SessionStarted:
		n.line("session %s started (%s)", ev.SessionID, ev.Message)
	case events.SessionFinished:
		n.line("session %s %s", ev.SessionID, ev.Outcome)
	case events.Phase:
		n.line("▸ %s", ev.Phase)
	case events.CallStarted:
		if !counted {
			n.line("  %s → %s …", ev.Role, ev.Profile)
		}
	case events.CallHeartbeat:
		n.line("  %s → %s still working (%s; typically %s)", ev.Role, ev.Profile, ev.Elapsed.Truncate(time.Second), n.typical(ev.Profile, ev.Role).Round(time.Second))
	case events.CallFinished:
		switch {
		case counted && ev.Outcome == ledger.OutcomeOK:
			n.in[phase]++
			n.line("  %d/%d in", n.in[phase], n.expect[phase])
		case counted:
			n.line("  a call came back %s", ev.Outcome)
		default:
			n.line("  %s → %s %s", ev.Role, ev.Profile, ev.Outcome)
		}
	case events.Gate:
		n.line("waiting for an answer (gate %s)", ev.Step)
	case events.StepResumed:
		// The seating is read twice in every run (to plan, to deliberate): only a phase's
		// stored result is news.
		if ev.Step != "plan" {
			n.line("  %s (stored result reused)", ev.Step)
		}
	}
}

// Narrate prints a phase's count target, its digest and, at full, its turns.
func (n *narrator) Narrate(nr events.Narration) {
	n.mu.Lock()
	defer n.mu.Unlock()
	switch {
	case n.level == narrateQuiet:
	case nr.Kind == events.NarrateExpect:
		n.expect[nr.Step], n.in[nr.Step] = nr.Expect, 0
		n.line("  %d seat(s) asked; nothing any of them writes is shown until all are in", nr.Expect)
	case nr.Kind == events.NarrateDigest:
		n.line("  %s:", nr.Title)
		n.block("    ", nr.Text)
	case nr.Kind == events.NarrateTurn && n.level == narrateFull:
		n.line("  ── %s · %s ──", nr.Phase, nr.Title)
		n.block("    ", nr.Text)
	}
}

func (n *narrator) line(format string, args ...any) { fmt.Fprintf(n.w, format+"\n", args...) }

func (n *narrator) block(indent, text string) {
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintln(n.w, strings.TrimRight(indent+l, " "))
	}
}
