package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/war-room/war-room/engine"
)

func TestProgressPrintsOneLinePerEvent(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf)
	t0 := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	events := []engine.Event{
		{Kind: engine.EventSessionStarted, SessionID: "wr-1", Message: "reason", Time: t0},
		{Kind: engine.EventPhase, Phase: "premise", Time: t0.Add(time.Second)},
		{Kind: engine.EventCallStarted, Role: "premise-check", Profile: "claude", Time: t0.Add(time.Second)},
		{Kind: engine.EventCallHeartbeat, Role: "premise-check", Profile: "claude", Elapsed: 10 * time.Second, Time: t0.Add(11 * time.Second)},
		{Kind: engine.EventCallFinished, Role: "premise-check", Profile: "claude", Outcome: "ok", Elapsed: 12 * time.Second, Time: t0.Add(13 * time.Second)},
		{Kind: engine.EventSessionFinished, SessionID: "wr-1", Outcome: "completed", Time: t0.Add(75 * time.Second)},
	}
	for _, e := range events {
		p.Emit(e)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	assert.Len(t, lines, len(events))
	assert.Equal(t, "[00:00] session wr-1 started (reason)", lines[0])
	assert.Equal(t, "[00:11]   premise-check → claude still working (10s)", lines[3])
	assert.Equal(t, "[01:15] session wr-1 completed", lines[5])
}
