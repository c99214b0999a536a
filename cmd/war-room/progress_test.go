package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/war-room/war-room/engine/events"
)

func TestProgressPrintsOneLinePerEvent(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf)
	t0 := time.Date(2026, 11, 30, 10, 0, 0, 0, time.UTC)
	evs := []events.Event{
		{Kind: events.SessionStarted, SessionID: "wr-1", Message: "reason", Time: t0},
		{Kind: events.Phase, Phase: "premise", Time: t0.Add(time.Second)},
		{Kind: events.CallStarted, Role: "premise-check", Profile: "claude", Time: t0.Add(time.Second)},
		{Kind: events.CallHeartbeat, Role: "premise-check", Profile: "claude", Elapsed: 10 * time.Second, Time: t0.Add(11 * time.Second)},
		{Kind: events.CallFinished, Role: "premise-check", Profile: "claude", Outcome: "ok", Elapsed: 12 * time.Second, Time: t0.Add(13 * time.Second)},
		{Kind: events.SessionFinished, SessionID: "wr-1", Outcome: "completed", Time: t0.Add(75 * time.Second)},
	}
	for _, e := range evs {
		p.Emit(e)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	assert.Len(t, lines, len(evs))
	assert.Equal(t, "[00:00] session wr-1 started (reason)", lines[0])
	assert.Equal(t, "[00:11]   premise-check → claude still working (10s)", lines[3])
	assert.Equal(t, "[01:15] session wr-1 completed", lines[5])
}
