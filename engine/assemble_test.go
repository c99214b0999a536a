package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
)

// TestSharedMaterialLeadsEveryPromptByteForByte: two roles with different bodies and
// different per-call inputs send the same system text and the same leading user text up to
// the last cache break: the session's inputs, then the stage's shared input. The role body
// and the rest follow it; the ledger keeps the inputs' names in the order they were fed.
func TestSharedMaterialLeadsEveryPromptByteForByte(t *testing.T) {
	ps, sp := scripted(echoScript())
	long := "Which queue?" + strings.Repeat(" Think it over.", 300) // long enough for a vendor to cache
	r, err := engine.Start(context.Background(), engine.RunConfig{Store: openStore(t, ""), Profiles: ps, Sleep: noWait},
		&engine.Session{Protocol: "test", Seed: 42, SeedSource: "test", Inputs: []engine.Input{engine.NewInput("QUESTION", long)}})
	require.NoError(t, err)
	question := engine.NamedText{Name: "QUESTION", Text: long}
	positions := engine.NamedText{Name: "positions", Text: "A: SQLite. B: Redis.", Shared: true}
	for _, c := range []struct{ role, body, own string }{
		{"architect", "You design systems.", "architect's notes"},
		{"skeptic", "You doubt everything.", "skeptic's notes"},
	} {
		_, err := r.Call(context.Background(), engine.CallSpec{Role: c.role, Profile: "a", System: c.body,
			Inputs: []engine.NamedText{question, positions, {Name: "own notes", Text: c.own}}, Task: "Answer now."})
		require.NoError(t, err)
	}
	reqs := sp.Requests()
	require.Len(t, reqs, 2)
	a, b := reqs[0], reqs[1]
	assert.Equal(t, a.System, b.System, "the system text is the session's, not the role's")
	assert.NotContains(t, a.System, "You design systems.")
	require.Len(t, a.CacheBreaks, 2, "one break after the session's inputs, one after the shared run")
	assert.Equal(t, a.CacheBreaks, b.CacheBreaks)
	end := a.CacheBreaks[1]
	assert.Equal(t, a.User[:end], b.User[:end], "the shared prefix is byte-identical")
	assert.Contains(t, a.User[:a.CacheBreaks[0]], "Which queue?")
	assert.NotContains(t, a.User[:a.CacheBreaks[0]], "SQLite", "the first break ends the session's inputs")
	assert.Contains(t, a.User[:end], "SQLite")
	assert.Greater(t, strings.Index(a.User, "You design systems."), end, "the role body follows the shared material")
	assert.Greater(t, strings.Index(a.User, "architect's notes"), strings.Index(a.User, "You design systems."))
	assert.True(t, strings.HasSuffix(a.User, "Answer now."))

	l, err := r.Store().Ledger(context.Background(), r.Session().ID)
	require.NoError(t, err)
	assert.Equal(t, []string{"QUESTION", "positions", "own notes"}, l[0].Inputs)
}

// TestUnsharedInputsEndTheSharedRun: an input that is neither the session's nor marked
// shared ends the prefix, even when a shared one follows it.
func TestUnsharedInputsEndTheSharedRun(t *testing.T) {
	ps, sp := scripted(echoScript())
	r := startRun(t, openStore(t, ""), ps, nil)
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "a", System: "body",
		Inputs: []engine.NamedText{{Name: "mine", Text: "only mine"}, {Name: "late", Text: "shared but late", Shared: true}},
		Task:   "t"})
	require.NoError(t, err)
	req := sp.Requests()[0]
	assert.Empty(t, req.CacheBreaks)
	assert.Less(t, strings.Index(req.User, "body"), strings.Index(req.User, "only mine"))
}

func TestScriptedEffortStillReachesTheScript(t *testing.T) {
	p := script.New(echoScript())
	r := startRun(t, openStore(t, ""), engine.Profiles{"s": {Name: "s", Family: "f", Provider: p, EffortLevels: provider.Ladder}}, nil)
	_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: "s", Effort: provider.EffortMax})
	require.NoError(t, err)
	assert.Equal(t, provider.EffortMax, p.Requests()[0].Effort)
}

// A call that asks to mark nothing (CacheUpTo -1: no later call reads it) still marks a prefix
// an earlier call on its profile marked, since the vendor reads an entry only where the
// request marks it; on another profile, where nothing was written, it marks nothing.
func TestACallMarksWhatAnEarlierCallWroteToReadIt(t *testing.T) {
	ps, sp := scripted(echoScript())
	long := "Which queue?" + strings.Repeat(" Think it over.", 300)
	r, err := engine.Start(context.Background(), engine.RunConfig{Store: openStore(t, ""), Profiles: ps, Sleep: noWait},
		&engine.Session{Protocol: "test", Seed: 42, SeedSource: "test", Inputs: []engine.Input{engine.NewInput("QUESTION", long)}})
	require.NoError(t, err)
	question := engine.NamedText{Name: "QUESTION", Text: long}
	positions := engine.NamedText{Name: "positions", Text: strings.Repeat("A: SQLite. B: Redis. ", 50), Shared: true}
	call := func(profile string, upTo int, inputs ...engine.NamedText) provider.Request {
		_, err := r.Call(context.Background(), engine.CallSpec{Role: "x", Profile: profile, System: "body",
			Inputs: inputs, Task: "Answer.", CacheUpTo: upTo})
		require.NoError(t, err)
		reqs := sp.Requests()
		return reqs[len(reqs)-1]
	}
	first := call("a", 0, question, positions)
	require.Len(t, first.CacheBreaks, 2)
	last := call("a", -1, question, positions, engine.NamedText{Name: "own", Text: "mine"})
	assert.Equal(t, first.CacheBreaks, last.CacheBreaks, "both prefixes are read")
	session := call("a", -1, question, engine.NamedText{Name: "own", Text: "mine"})
	assert.Equal(t, first.CacheBreaks[:1], session.CacheBreaks, "the session's prefix is read; the other is not sent")
	elsewhere := call("b", -1, question, positions)
	assert.Empty(t, elsewhere.CacheBreaks, "nothing was written on profile b")
}
