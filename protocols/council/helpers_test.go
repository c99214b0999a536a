package council

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

const question = "Should the billing service move from cron jobs to a message queue?"

// Template snippets that read labels out of the prompt, so scripted answers address the
// members the seeded plan actually dealt.
const (
	allFiled   = `{{match "The blind positions of ([^.]*) are above" .User}}`
	firstFiled = `{{match "The blind positions of (Member [A-Z]+)" .User}}`
	firstOther = `{{match "Challenge the other members \\((Member [A-Z]+)" .User}}`
	// withOption2 opens a block over the members whose ballot chose Option 2, as the ballot
	// record states them.
	withOption2 = `{{with match "Option 2 \\([^)]*\\): [0-9]+ vote\\(s\\) — ([^\\n]*)" .User}}`
)

// docketText files two options: the queue, held by everyone, and cron, held by the first.
const docketText = "## Options\n- Option 1: Adopt a queue — move billing jobs onto a managed queue. Held by: " + allFiled +
	"\n- Option 2: Keep cron — harden the existing cron jobs instead. Held by: " + firstFiled +
	"\n\n## Points in dispute\n- Whether the retry load justifies a new service.\n"

// rulingWithDissent selects Option 1 and names whoever voted for Option 2.
const rulingWithDissent = "SELECTED: Option 1\n\n## Decision\nMove billing to the queue in two steps.\n\n" +
	"## Rationale\nRetries are the measured pain and the queue removes them.\n\n## Dissent\n" +
	withOption2 + `- {{.}}: cron is cheaper to run and nobody measured the queue's cost.{{else}}- none{{end}}` +
	"\n\n## Trip-wires\n- Reopen if queue spend exceeds the cron hosts' cost by half.\n\n## Consequences\nOne more service to run.\n"

// stewardBlind drafts a provisional intent of two items, as the principal-proxy seat must
// when no intent file was given.
const stewardBlind = "## Position\nMove to a queue, reversibly.\n## Grounds\n- the question asks for fewer night failures\n" +
	"## Risks\n- NONE_FOUND: checked the load numbers\n## Provisional intent\n- Billing jobs stop failing at night.\n" +
	"- The change can be rolled back within a day.\n"

// stewardClosing votes and assesses both intent items against both options: the queue fails
// the second (no rollback was shown).
func stewardClosing(option int) string {
	return fmt.Sprintf("VOTE: Option %d\n\n## Final position\nI hold my view.\n\n## Objections\n- none\n\n"+
		"## Trip-wires\n- Reopen if p99 latency passes 200 ms.\n\n## Intent alignment\n"+
		"- Intent 1 / Option 1: pass — the queue retries without the night window\n"+
		"- Intent 1 / Option 2: unknown — hardened cron was not measured\n"+
		"- Intent 2 / Option 1: fail — nobody showed how to roll the queue back\n"+
		"- Intent 2 / Option 2: pass — cron stays as it is\n", option)
}

func closingText(option int) string {
	return fmt.Sprintf("VOTE: Option %d\n\n## Final position\nI hold my view.\n\n## Objections\n- none\n\n"+
		"## Trip-wires\n- Reopen if p99 latency passes 200 ms.\n\n## Intent alignment\n- Option 1: serves — it is what was asked.\n", option)
}

// team scripts a full deliberation. votes maps a seat's role to its closing vote (default 1);
// extra responses come first, so they win.
func team(votes map[string]int, extra ...script.Response) script.Script {
	r := func(role, match, text string) script.Response {
		return script.Response{Role: role, Match: match, Text: text}
	}
	var rs []script.Response
	rs = append(rs, extra...)
	rs = append(rs,
		r(steward, `Blind round`, stewardBlind),
		r("", `Blind round`, "## Position\nMove to a queue.\n## Grounds\n- retries pile up at night\n## Risks\n- NONE_FOUND: checked the load numbers"),
		r(Clerk, `File the docket`, docketText),
		r("", `Cross-examination, round`, "## Challenges\n- "+firstOther+": the load figure is a guess.\n## Concessions\n- none"),
		r(Arbiter, `Ruling\.`, rulingWithDissent),
	)
	for _, k := range SeatKeys() {
		v := votes[k]
		if v == 0 {
			v = 1
		}
		text := closingText(v)
		if k == steward {
			text = stewardClosing(v)
		}
		rs = append(rs, r(k, `Closing ballot`, text))
	}
	return script.Script{Responses: rs}
}

// vendors are five scripted profiles of five families sharing one script provider.
var vendors = [][2]string{{"claude", "anthropic"}, {"gpt", "openai"}, {"gemini", "google"}, {"qwen", "qwen"}, {"glm", "zhipu"}}

func profiles(p *script.Provider, which ...[2]string) engine.Profiles {
	if len(which) == 0 {
		which = vendors
	}
	ps := engine.Profiles{}
	for _, v := range which {
		ps[v[0]] = &engine.Profile{Name: v[0], Type: "script", Model: v[0] + "-model", Family: v[1], EffortLevels: provider.Ladder, Provider: p}
	}
	return ps
}

func options() Options {
	var pool []string
	for _, v := range vendors {
		pool = append(pool, v[0])
	}
	return Options{Pool: pool, SeatTimeout: 5 * time.Second, ArbiterTimeout: 5 * time.Second}
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

func session(t testing.TB, opts Options, id string, seed int64) *engine.Session {
	t.Helper()
	s, err := NewSession(question, nil, opts, seed, "--seed")
	require.NoError(t, err)
	s.ID = id
	return s
}

// convene runs a whole session in-process and returns the decision, the provider and the
// error Finish returned.
func convene(t testing.TB, st engine.Store, sc script.Script, opts Options, seed int64) (*decision.Decision, *script.Provider, error) {
	t.Helper()
	p := script.New(sc)
	ctx := context.Background()
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: profiles(p), Sleep: noWait}, session(t, opts, "wr-council00000001", seed))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	return d, p, r.Finish(ctx, err)
}

// convenedSession resolves a session's options from the built-in catalog, the section and
// env the way a command does (with --go, and without triage), runs it to its end in st and
// returns its decision and the provider that answered it.
func convenedSession(t *testing.T, st engine.Store, sc script.Script, sec *Section, env Env, id string) (*decision.Decision, *script.Provider) {
	t.Helper()
	p := script.New(sc)
	ps := profiles(p)
	opts, err := Convene(sec, ps, Flags{Go: true}, env)
	require.NoError(t, err)
	opts.Triage = false
	ctx := context.Background()
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps}, session(t, opts, id, 7))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
	return d, p
}

// noWait is a RunConfig.Sleep that spends no time between a call's attempts.
func noWait(ctx context.Context, _ time.Duration) error { return ctx.Err() }

// contextInput captures a context file verbatim.
func contextInput(path, text string) engine.Input { return engine.ContextInput(path, text) }

// registry lists every built-in role in order: the roster, then the roles that hold no seat.
func registry() []roleSpec { return builtinRoster().All() }

// optionsFrom is Convene from the built-in catalog and nothing around the question.
func optionsFrom(sec *Section, ps engine.Profiles, f Flags) (Options, error) {
	return Convene(sec, ps, f, Env{})
}

// execute runs or resumes the standing-team session of r from its stored inputs, options and
// steps, to a sealed Decision. Completed steps never run again, so a resumed session reaches
// the same record and Decision as an uninterrupted one with the same seed. A seat that fails
// is a gap the record names; a phase with too few answers is a *LowQuorum; a clerk or arbiter
// that fails (a ruling without a dissent record included) is a *Failure. Neither produces a
// decision.
func execute(ctx context.Context, r *engine.Run) (*decision.Decision, error) {
	return r.Execute(ctx, Runner)
}
