package engine_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// openStore opens a real SQLite file for a test.
func openStore(t testing.TB, path string) engine.Store {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "state.db")
	}
	st, err := sqlite.Open(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// scripted returns profiles "a" (family alpha) and "b" (family beta) backed by one script.
func scripted(s script.Script) (engine.Profiles, *script.Provider) {
	p := script.New(s)
	return engine.Profiles{
		"a": {Name: "a", Type: "script", Model: "script", Family: "alpha", EffortLevels: provider.Ladder, Provider: p},
		"b": {Name: "b", Type: "script", Model: "script", Family: "beta", EffortLevels: provider.Ladder, Provider: p},
	}, p
}

func echoScript() script.Script {
	return script.Script{Default: &script.Response{Text: "answer from {{.Role}}"}}
}

func startRun(t testing.TB, st engine.Store, ps engine.Profiles, mod func(*engine.RunConfig)) *engine.Run {
	t.Helper()
	rc := engine.RunConfig{Store: st, Profiles: ps, Sleep: noWait}
	if mod != nil {
		mod(&rc)
	}
	s := &engine.Session{Protocol: "test", Seed: 42, SeedSource: "test",
		Inputs: []engine.Input{engine.NewInput("QUESTION", "Which queue?")}}
	r, err := engine.Start(context.Background(), rc, s)
	require.NoError(t, err)
	return r
}

func openHelperStore(path string) (engine.Store, error) {
	return sqlite.Open(context.Background(), path)
}

// noWait is a RunConfig.Sleep that spends no time: tests never depend on the clock.
func noWait(ctx context.Context, _ time.Duration) error { return ctx.Err() }
