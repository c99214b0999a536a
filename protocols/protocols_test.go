package protocols

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/protocols/council"
)

func scriptConfig(t *testing.T) *config.Config {
	t.Helper()
	cfg, err := config.Parse("test.yml", []byte(`version: 1
providers:
  alpha: {type: anthropic, model: m1, family: anthropic, api_key_env: A_KEY}
  beta: {type: openai, model: m2, family: openai, api_key_env: O_KEY}
protocols:
  reason: {pool: [alpha, beta]}
`), Sections()...)
	require.NoError(t, err)
	return cfg
}

func TestAvailability(t *testing.T) {
	assert.NoError(t, Available("reason"))
	assert.NoError(t, Available("war-room"))
	assert.NoError(t, Available(Council), "the standing-team protocol runs")
	assert.Equal(t, []string{"council", "reason", "war-room"}, Names())
	assert.ErrorContains(t, Available("poll"), `unknown protocol "poll"`)
	assert.Equal(t, "war-room", Words()["deliberate"])
	assert.Equal(t, Council, Words()["convene"])
	// Every stop word is a choice some gate offers; no protocol word is a stop word.
	for _, w := range StopWords() {
		assert.NotContains(t, Words(), w)
	}
	assert.ElementsMatch(t, []string{"decline", "drop"}, StopWords())
}

func TestNewSessionRefusesFlagsOutsideTheAllowlist(t *testing.T) {
	_, err := NewSession(scriptConfig(t), Request{Protocol: "reason", Question: "Q?", Flags: map[string]string{"mode": "full"}})
	assert.ErrorContains(t, err, "reason does not take --mode")
	_, err = NewSession(scriptConfig(t), Request{Protocol: "reason", Question: "Q?", Flags: map[string]string{"passes": "zero"}})
	assert.ErrorContains(t, err, "--passes wants a whole number")
}

func TestNewSessionRecordsSeedAndContext(t *testing.T) {
	s, err := NewSession(scriptConfig(t), Request{Protocol: "reason", Question: "Which queue?",
		Flags: map[string]string{"fast": "true"}, Context: []engine.Input{engine.NewInput("issue", "We run Redis.")},
		Seed: 99, SeedSource: "--seed"})
	require.NoError(t, err)
	assert.Equal(t, "reason", s.Protocol)
	assert.Equal(t, int64(99), s.Seed)
	facts, _ := s.Input("FACTS")
	assert.Equal(t, "We run Redis.", facts)

	drawn, err := NewSession(scriptConfig(t), Request{Protocol: "war-room", Question: "Which queue?"})
	require.NoError(t, err)
	assert.Equal(t, "crypto/rand", drawn.SeedSource, "without a seed one is drawn and its source recorded")
}

func TestCouncilSessionsStartFromConfigAndFlags(t *testing.T) {
	s, err := NewSession(scriptConfig(t), Request{Protocol: Words()["convene"], Question: "Hire or build?",
		Flags:   map[string]string{"seats": "skeptic,economist", "rounds": "2"},
		Context: []engine.Input{engine.NewInput("context:issue", "#4 Hiring")}, Seed: 3, SeedSource: "--seed"})
	require.NoError(t, err)
	assert.Equal(t, "council", s.Protocol)
	assert.Equal(t, "[Council] Hire or build?", s.Title)
	assert.JSONEq(t, `["economist","skeptic"]`, string(jsonField(t, s.Options, "team")), "in roster order")
	assert.JSONEq(t, `2`, string(jsonField(t, s.Options, "rounds")))
	issue, ok := s.Input("context:issue")
	assert.True(t, ok)
	assert.Equal(t, "#4 Hiring", issue)

	for flags, want := range map[string]map[string]string{
		"--rounds wants 1 or 2":                 {"rounds": "5"},
		`"judge" is not a member of the roster`: {"seats": "skeptic,judge"},
		"council does not take --fast":          {"fast": "true"},
		"--baseline asks for 40 calls":          {"baseline": "40"},
	} {
		_, err := NewSession(scriptConfig(t), Request{Protocol: Council, Question: "Q?", Flags: want})
		assert.ErrorContains(t, err, flags)
	}
	names := map[string]bool{}
	for _, f := range AllowedFlags(Council) {
		names[f.Name] = true
	}
	assert.Equal(t, map[string]bool{"seats": true, "rounds": true, "profile": true, "go": true, "baseline": true}, names)
}

// --baseline reaches every protocol that chooses among options, over the configuration's
// baseline.calls; the reason chain, which answers rather than chooses, does not take it.
func TestBaselineFromFlagsAndConfig(t *testing.T) {
	cfg := scriptConfig(t)
	cfg.Baseline.Calls = "matched"
	for _, p := range []string{"war-room", Council} {
		s, err := NewSession(cfg, Request{Protocol: p, Question: "Q?"})
		require.NoError(t, err)
		var opts struct{ Baseline engine.Baseline }
		require.NoError(t, json.Unmarshal(s.Options, &opts))
		assert.Equal(t, engine.Baseline{Matched: true}, opts.Baseline, p)

		s, err = NewSession(cfg, Request{Protocol: p, Question: "Q?", Flags: map[string]string{"baseline": "7"}})
		require.NoError(t, err)
		var flagged struct{ Baseline engine.Baseline }
		require.NoError(t, json.Unmarshal(s.Options, &flagged))
		assert.Equal(t, engine.Baseline{Calls: 7}, flagged.Baseline, p)
	}
	_, err := NewSession(cfg, Request{Protocol: "reason", Question: "Q?", Flags: map[string]string{"baseline": "3"}})
	assert.ErrorContains(t, err, "reason does not take --baseline")
}

// Execute dispatches a council session to the council protocol: on two families its arbiter
// can only take the fallback path, which the engine stops at for approval; approved, with
// providers that answer nothing (triage included, which is then no verdict), the session ends
// in the protocol's own low-quorum failure.
func TestExecuteRunsCouncilSessions(t *testing.T) {
	s, err := NewSession(scriptConfig(t), Request{Protocol: Council, Question: "Hire or build?", Seed: 1, SeedSource: "--seed",
		Flags: map[string]string{"go": "true"}})
	require.NoError(t, err)
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "state.db"))
	require.NoError(t, err)
	defer st.Close()
	silent := script.New(script.Script{})
	ps := engine.Profiles{
		"alpha": {Name: "alpha", Type: "script", Model: "m1", Family: "anthropic", Provider: silent},
		"beta":  {Name: "beta", Type: "script", Model: "m2", Family: "openai", Provider: silent},
	}
	// Two families: the arbiter takes the fallback path, an accepted residual that needs no
	// approval, so the team sits at once (and, with members that never answer, loses quorum).
	r, err := engine.Start(context.Background(), engine.RunConfig{Store: st, Profiles: ps}, s)
	require.NoError(t, err)
	_, err = Execute(context.Background(), r)
	var gate *engine.GateError
	require.False(t, errors.As(err, &gate), "no gate for the fallback arbiter: %v", err)
	var lq *council.LowQuorum
	assert.True(t, errors.As(err, &lq), "%v", err)
	assert.Positive(t, silent.Calls())
}

func jsonField(t *testing.T, raw []byte, key string) json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &m))
	return m[key]
}

// TestSectionsAreRefusedWhereTheyAreWritten: each protocol's section is decoded and checked by
// its protocol, and a problem is still reported at its file, line, column and key path.
func TestSectionsAreRefusedWhereTheyAreWritten(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"protocols:\n  war_room:\n    roles:\n      general: {profile: claude}\n",
			`w.yml:5:16: protocols.war_room.roles.general: unknown war-room role (roles: "supreme-commander"`},
		{"protocols:\n  council:\n    roles:\n      judge: {profile: alpha}\n",
			`w.yml:5:14: protocols.council.roles.judge: unknown council role (roles: "architect"`},
		{"protocols:\n  reason:\n    roles:\n      atacker: {effort: high}\n",
			`w.yml:5:16: protocols.reason.roles.atacker: unknown reasoning role (did you mean "attacker"?)`},
		{"protocols:\n  debate: {}\n", `w.yml:3:3: protocols.debate: unknown key; keys here: default, war_room, reason, council`},
	} {
		_, err := config.Parse("w.yml", []byte("version: 1\n"+tc.yaml), Sections()...)
		assert.ErrorContains(t, err, tc.want)
	}
	names := []string{}
	for _, s := range Sections() {
		names = append(names, s.Protocol)
		assert.NoError(t, Available(s.Protocol), "every section belongs to a protocol that runs")
	}
	assert.ElementsMatch(t, Names(), names, "every protocol that runs has its section")
}

// The per-mode caps are read from the configuration into the engine's stage caps, each named
// by its key; a negative one is refused at its line.
func TestStageBudgetsComeFromTheConfiguration(t *testing.T) {
	cfg, err := config.Parse("w.yml", []byte(`version: 1
providers:
  alpha: {type: anthropic, model: m1, family: anthropic, api_key_env: A_KEY}
protocols:
  war_room:
    budgets: {lightweight: 2500, full: 8000}
`), Sections()...)
	require.NoError(t, err)
	assert.Equal(t, map[string]map[string]settings.StageBudget{"war-room": {
		"lightweight": {MaxTokens: 2500, By: "protocols.war_room.budgets.lightweight"},
		"full":        {MaxTokens: 8000, By: "protocols.war_room.budgets.full"},
	}}, StageBudgets(cfg))
	assert.Empty(t, StageBudgets(scriptConfig(t)), "no caps unless set")

	_, err = config.Parse("w.yml", []byte("version: 1\nprotocols:\n  war_room:\n    budgets: {delphi: -5}\n"), Sections()...)
	assert.ErrorContains(t, err, "w.yml:4:23: protocols.war_room.budgets.delphi: must not be negative, got -5")
}
