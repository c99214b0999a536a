package warroom

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// Dimension lines for a chosen RS.
const (
	scoresExpress     = "REVERSAL_COST: 1 - revert the PR\nTIME_LOCK_IN: 1 - no deadline\nBLAST_RADIUS: 2 - one service\nINFORMATION_LOSS: 1 - nothing closed\nREPUTATION_IMPACT: 1 - internal"            // 6/25
	scoresLightweight = "REVERSAL_COST: 3 - days\nTIME_LOCK_IN: 3 - weeks\nBLAST_RADIUS: 2 - one service\nINFORMATION_LOSS: 2 - minor\nREPUTATION_IMPACT: 2 - leadership sees it"                          // 12/25
	scoresFull        = "REVERSAL_COST: 4 - weeks of rework\nTIME_LOCK_IN: 4 - hardens fast\nBLAST_RADIUS: 4 - cross-team\nINFORMATION_LOSS: 3 - some paths close\nREPUTATION_IMPACT: 3 - partners notice" // 18/25
	scoresDelphi      = "REVERSAL_COST: 5 - months\nTIME_LOCK_IN: 5 - at once\nBLAST_RADIUS: 4 - all teams\nINFORMATION_LOSS: 4 - options close\nREPUTATION_IMPACT: 4 - public"                            // 22/25
)

// coas renders n scripted COAs. Scripted text never depends on call counts, which restart in
// a resumed process.
func coas(prefix string, n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "## COA: %s option %d\nDo the %s thing, variant %d.\nPros: simple\nCons: slow\nRisks: drift\nEffort: two weeks\n\n", prefix, i, prefix, i)
	}
	return b.String()
}

const challengeText = "### Response A\nweak spot A\n### Response B\nweak spot B\n### Response C\nweak spot C\n" +
	"### Response D\nweak spot D\n### Response E\nweak spot E\n### Response F\nweak spot F\n### Response G\nweak spot G\n" +
	"### Cross-cutting concerns\nall of them assume headcount"

// synthesisText is a well-formed synthesis selecting label.
func synthesisText(label string) string {
	return "## Context\nWe must pick a queue.\n## Selected approach\nGo with the chosen option.\n" +
		"## Rationale\nIt is the cheapest to undo, over {{match `The Borda count put (Response [A-Z]+) first` .User}}. {{match `(Logistics Officer in [^\\n]*\\(failure: timeout\\))` .User}}\n" +
		"## Implementation orders\n1. Start.\n2. Measure.\n## Watch points\n- p99 latency over 200 ms\n- cost over budget\n" +
		"## Consequences\nSome lock-in.\n## Dissenting views\n- One expert thinks we should revisit sharding next quarter.\n- Another prefers buying over building.\n" +
		"## Rejected alternatives\n- Response B: too slow to roll out\n\nSELECTED: " + label
}

// council scripts every seat for every phase. votes is the RANKING line template; "" echoes
// the voter's own presentation order (the letters the vote prompt lists, in the order shown).
func council(scores, votes string, latency time.Duration) script.Script {
	if votes == "" {
		votes = `RANKING: {{match "using each of the letters ([A-Z, ]+) exactly once" .User}}`
	}
	r := func(role, match, text string) script.Response {
		return script.Response{Role: role, Match: match, Text: text}
	}
	return script.Script{Latency: latency, Responses: []script.Response{
		r(chiefStrategist, `Phase 0\.`, scores),
		r(chiefStrategist, `Re-score after the escalation`, scores),
		r("", `Phase 1, intelligence`, "## Findings\nfindings: the billing queue handles 2k msgs per second\n## Constraints\nbudget\n## Open questions\nscale?"),
		r(chiefStrategist, `Phase 2, situation`, "## Refined problem\npick a queue\n## Constraints\nbudget\n## Opportunities\nreuse\n## Guidance\nkeep it small"),
		r(chiefStrategist, `Phase 3, courses`, coas("strategist", 2)),
		r(fieldTactician, `Phase 3, courses`, coas("tactician", 1)),
		r(prosecutionCounsel, `Phase 3, courses`, coas("lean", 1)),
		r(logisticsOfficer, `Phase 3, courses`, coas("logistics", 1)),
		r(SupremeCommander, `Escalation check`, "ESCALATE: no\nTRIGGERS: none\nDEESCALATE: no\nNOTE: the classification holds"),
		r("", `Phase 4, challenge`, challengeText),
		r("", `Phase 5, vote`, "Reasoning here.\n"+votes),
		r("", `Delphi revision`, `## COA: revised {{match "your course of action (Response [A-Z]+)" .User}}`+"\nBetter now.\nPros: p\nCons: c\nRisks: r\nEffort: e\n"),
		r("", `Phase 6, premortem`, "## Failure modes\nit fell over\n## Early warning signs\nalerts\n## Prevention\ntests\n## Contingency plans\nroll back"),
		r(SupremeCommander, `Phase 7, synthesis`, synthesisText("Response A")),
		r(chiefStrategist, `Express recommendation|Express decision`, "## Recommendation\nJust do it.\n## Rationale\nCheap to undo.\n## Risks\nNone worth naming."),
		r(prosecutionCounsel, `Plan review`, "## Challenges\nWhy add anything?\n## Verdict\nKeep it lean."),
		r(SupremeCommander, `Express synthesis`, synthesisText("ratify")),
	}}
}

// profiles are five scripted vendors sharing one script provider.
func profiles(p *script.Provider) engine.Profiles {
	ps := engine.Profiles{}
	for _, v := range [][2]string{{"claude", "anthropic"}, {"gpt", "openai"}, {"gemini", "google"}, {"qwen", "qwen"}, {"glm", "zhipu"}} {
		ps[v[0]] = &engine.Profile{Name: v[0], Type: "script", Model: v[0] + "-model", Family: v[1], EffortLevels: provider.Ladder, Provider: p}
	}
	return ps
}

// options seats the registry on the five profiles by preferred family.
func options(mode Mode) Options {
	byFamily := map[string]string{"anthropic": "claude", "openai": "gpt", "google": "gemini", "qwen": "qwen", "zhipu": "glm"}
	seats := map[string]Seat{}
	for _, r := range allRoles() {
		seats[r.Key] = Seat{Profile: byFamily[r.Family]}
	}
	return Options{Mode: mode, Seats: seats, ExpertTimeout: 5 * time.Second, SynthesisTimeout: 5 * time.Second}
}

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

func mustDAG(t testing.TB, st engine.Store, d *decision.Decision) *record.DAG {
	t.Helper()
	dag, err := engine.LoadDAG(context.Background(), st, d.SessionID)
	require.NoError(t, err)
	return dag
}

const question = "Which message queue should the billing service adopt?"

// session builds a war-room session with a fixed id and seed.
func session(t testing.TB, opts Options, id string) *engine.Session {
	t.Helper()
	s, err := NewSession(question, nil, opts, 7, "--seed")
	require.NoError(t, err)
	s.ID = id
	return s
}

// deliberate runs a whole session in-process.
func deliberate(t testing.TB, st engine.Store, sc script.Script, opts Options) (*decision.Decision, *script.Provider, error) {
	t.Helper()
	p := script.New(sc)
	ctx := context.Background()
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: profiles(p), Sleep: noWait}, session(t, opts, "wr-test0000000000001"))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	return d, p, r.Finish(ctx, err)
}

// noWait is a RunConfig.Sleep that spends no time between a call's attempts.
func noWait(ctx context.Context, _ time.Duration) error { return ctx.Err() }

// execute runs or resumes the war-room session of r from its stored inputs, options and
// steps, to a sealed Decision. Completed steps are never run again, so a resumed session
// reaches the same record and Decision as an uninterrupted one with the same seed. A failed
// Supreme Commander or reversibility assessment fails the session; any other failed expert is
// a gap the synthesis names.
func execute(ctx context.Context, r *engine.Run) (*decision.Decision, error) {
	return r.Execute(ctx, Runner)
}
