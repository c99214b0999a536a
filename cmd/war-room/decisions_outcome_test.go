package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/provider/script"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// sealTwenty seals 20 decisions in a fresh state file, each with three seats' positions: the
// Advocate (family alpha) for the decision, the Skeptic (beta) against it, the Analyst
// (gamma) for it in every other one.
func sealTwenty(t *testing.T, db string) []string {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, db)
	require.NoError(t, err)
	defer st.Close()
	p := script.New(script.Script{Default: &script.Response{Text: "answer"}})
	ps := engine.Profiles{"a": {Name: "a", Type: "script", Model: "script", Family: "alpha", Provider: p}}
	ids := make([]string, 20)
	for i := range ids {
		r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps}, &engine.Session{Protocol: "council", Seed: int64(i + 1),
			SeedSource: "test", Inputs: []engine.Input{engine.NewInput("QUESTION", fmt.Sprintf("Question %d?", i+1))}})
		require.NoError(t, err)
		d := &decision.Decision{Protocol: "council", Title: fmt.Sprintf("[Council] Question %d?", i+1), Question: fmt.Sprintf("Question %d?", i+1),
			Outcome: "Option 1", Positions: []decision.Position{
				{Seat: "Advocate", Family: "alpha", Option: "Option 1", Chosen: true},
				{Seat: "Skeptic", Family: "beta", Option: "Option 2"},
				{Seat: "Analyst", Family: "gamma", Option: map[bool]string{true: "Option 1", false: "Option 2"}[i%2 == 0], Chosen: i%2 == 0},
			}}
		require.NoError(t, r.Seal(ctx, d, nil))
		require.NoError(t, r.Finish(ctx, nil))
		ids[i] = r.Session().ID
	}
	return ids
}

// Outcomes recorded on the command line are listed by outcome, and from ten of them
// calibration reports per family and per seat; below ten it says how many it has.
func TestDecisionsOutcomesAndCalibrationOnTheCLI(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "state.db")
	ids := sealTwenty(t, db)
	cli := func(args ...string) cliResult {
		t.Helper()
		var out, errb strings.Builder
		e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: func(k string) string {
			return map[string]string{"USER": "ana", "WAR_ROOM_PROJECT_DIR": dir}[k]
		}}
		code := run(t.Context(), e, append(args, "--db", db))
		return cliResult{out.String(), errb.String(), code}
	}
	res := cli("decisions", "calibration")
	mustExit(t, res, 0)
	assert.Contains(t, res.stdout, "0 decision(s) have a recorded outcome; calibration needs 10")

	// 12 held, 6 reversed, 2 partly.
	for i, id := range ids {
		verdict := map[bool]string{true: "held", false: "reversed"}[i < 12]
		if i >= 18 {
			verdict = "partly"
		}
		mustExit(t, cli("decisions", "outcome", id, verdict, "What", "happened", "to", fmt.Sprint(i+1)), 0)
	}
	res = cli("decisions", "calibration")
	mustExit(t, res, 0)
	assert.Contains(t, res.stdout, "20 decisions with an outcome (12 held, 2 partly, 6 reversed)")
	for _, want := range []string{`(?m)^alpha\s+20\s+13\s+65%`, `(?m)^gamma\s+20\s+10\s+50%`, `(?m)^beta\s+20\s+7\s+35%`,
		`(?m)^Advocate\s+20\s+13\s+65%`, `(?m)^Skeptic\s+20\s+7\s+35%`} {
		assert.Regexp(t, want, res.stdout)
	}

	res = cli("decisions", "outcomes", "--outcome", "partly")
	mustExit(t, res, 0)
	assert.Equal(t, 3, strings.Count(res.stdout, "\n"), "a header and the two partly outcomes:\n%s", res.stdout)
	assert.Regexp(t, regexp.QuoteMeta(ids[18])+`\s+\S+\s+partly\s+\S+\s+ana\s`, res.stdout)

	// A second outcome of the same decision chains after the first and becomes the latest.
	mustExit(t, cli("decisions", "outcome", ids[0], "reversed", "It came back in spring."), 0)
	res = cli("decisions", "outcomes", "--outcome", "held")
	assert.NotContains(t, res.stdout, ids[0])
	res = cli("verify", ids[0])
	mustExit(t, res, 0)
	assert.Contains(t, res.stdout, "2 outcome(s) chained to it")

	// Bad input: a clear error, exit 2, and nothing recorded.
	res = cli("decisions", "outcome", ids[1], "maybe", "x")
	assert.Equal(t, exitUsage, res.code)
	assert.Contains(t, res.stderr, "held, reversed or partly")
	res = cli("decisions", "outcome", "wr-nosuch", "held", "x")
	assert.Equal(t, exitUsage, res.code)
	res = cli("decisions", "outcome", ids[1], "held")
	assert.Equal(t, exitUsage, res.code)
	res = cli("verify", ids[1])
	assert.Contains(t, res.stdout, "1 outcome(s) chained to it")
}

// publishedCouncil is acme/widgets on the fake GitHub with one council decision published as
// #1 by github-actions[bot] (token "bot"; "reader" is an outsider's read token), and the
// variables the bot's commands run with (USER ana).
func publishedCouncil(t *testing.T) (*githubfake.Fake, *indepEnv, map[string]string) {
	t.Helper()
	council := filepath.Join(t.TempDir(), "council-script.yaml")
	require.NoError(t, os.WriteFile(council, []byte(councilScript), 0o600))
	f := githubfake.New(t)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
	f.AddDiscussionCategory("acme/widgets", "Decisions", "decisions", true)
	f.AddToken("bot", "github-actions[bot]")
	f.SetPermission("acme/widgets", "github-actions[bot]", "write")
	f.AddToken("reader", "outsider")
	vars := map[string]string{"GITHUB_TOKEN": "bot", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL(), "USER": "ana"}
	w := newIndepEnv(t, []profileSpec{scriptProfile("claude", "anthropic", council), scriptProfile("gpt", "openai", council),
		scriptProfile("gemini", "google", council)}, "")
	mustExit(t, w.run(vars, "convene", "Which queue?", "--go", "--seed", "4"), 0)
	mustExit(t, w.run(vars, "publish", w.onlySession(), "--repo", "acme/widgets", "--as", "github-actions[bot]"), 0)
	return f, w, vars
}

// An outcome recorded on a published decision is a comment of its own that verifies from
// GitHub alone; an edited word of it fails verify and is named; the repository's outcomes and
// calibration read it back.
func TestAnOutcomeOnAPublishedDecisionVerifiesFromGitHub(t *testing.T) {
	f, w, vars := publishedCouncil(t)

	res := w.run(vars, "decisions", "outcome", "1", "reversed", "Spend doubled; we moved back to cron.", "--repo", "acme/widgets",
		"--as", "github-actions[bot]")
	mustExit(t, res, 0)
	assert.Contains(t, res.stdout, "outcome 1 of acme/widgets#1 recorded: reversed")
	// Asked again (a retried command), nothing new is posted.
	mustExit(t, w.run(vars, "decisions", "outcome", "1", "reversed", "Spend doubled; we moved back to cron.", "--repo", "acme/widgets",
		"--as", "github-actions[bot]"), 0)

	d := f.Discussions("acme/widgets")[0]
	var outcome githubfake.DiscussionComment
	n := 0
	for _, c := range f.Comments(d.ID) {
		if strings.Contains(c.Body, "part=outcome-") {
			outcome, n = c, n+1
		}
	}
	require.Equal(t, 1, n, "one outcome comment")
	assert.Contains(t, outcome.Body, "**Outcome 1: the decision was reversed.** Recorded by ana on ")
	assert.Contains(t, outcome.Body, "> Spend doubled; we moved back to cron.")

	reader := map[string]string{"GITHUB_TOKEN": "reader", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()}
	verify := func() cliResult {
		return w.run(reader, "verify", "--repo", "acme/widgets", "--discussion", "1", "--as", "github-actions[bot]")
	}
	res = verify()
	mustExit(t, res, 0)
	assert.Contains(t, res.stdout, "1 outcome(s) chained to it")

	f.EditCommentBody(outcome.ID, strings.Replace(outcome.Body, "Spend doubled", "Spend halved", 1))
	res = verify()
	assert.Equal(t, exitFailure, res.code)
	assert.Contains(t, res.stdout, "outcome 1")
	// An outcome cannot be added after a record that no longer verifies.
	res = w.run(vars, "decisions", "outcome", "1", "held", "Fine after all.", "--repo", "acme/widgets", "--as", "github-actions[bot]")
	assert.NotEqual(t, 0, res.code)
	assert.Contains(t, res.stderr, "does not verify")
	f.EditCommentBody(outcome.ID, outcome.Body)
	mustExit(t, verify(), 0)

	res = w.run(reader, "decisions", "outcomes", "--repo", "acme/widgets", "--as", "github-actions[bot]")
	mustExit(t, res, 0)
	assert.Regexp(t, `(?m)^#1\s+\S+\s+reversed\s+\S+\s+ana\s`, res.stdout)
	res = w.run(reader, "decisions", "calibration", "--repo", "acme/widgets", "--as", "github-actions[bot]")
	mustExit(t, res, 0)
	assert.Contains(t, res.stdout, "1 decision(s) have a recorded outcome")
}

// Two outcomes recorded at once on one decision: the one that finds its number taken by the
// other between reading the chain and writing says so and posts nothing; asked again, it
// chains after the other.
func TestAnOutcomeThatLosesARaceSaysSo(t *testing.T) {
	f, w, _ := publishedCouncil(t)

	publisher := func() *discussions.Publisher {
		return discussions.New(discussions.Options{GraphQLURL: f.GraphQLURL(), APIURL: f.URL(), HTTPClient: f.Client("bot"),
			Login: "github-actions[bot]", Category: "decisions"})
	}
	repo := discussions.Repo{Owner: "acme", Name: "widgets"}
	slow, fast := publisher(), publisher()
	raced := false
	slow.Progress = func(string) {
		if !raced {
			raced = true
			_, _, err := fast.RecordOutcome(t.Context(), discussions.OutcomeRequest{Repo: repo, Number: 1, Verdict: "held",
				Note: "It held.", By: "bo", Source: "cli"})
			require.NoError(t, err)
		}
	}
	req := discussions.OutcomeRequest{Repo: repo, Number: 1, Verdict: "reversed", Note: "It did not.", By: "ana", Source: "cli"}
	_, _, err := slow.RecordOutcome(t.Context(), req)
	require.ErrorIs(t, err, discussions.ErrOutcomeRace)
	n := 0
	for _, c := range f.Comments(f.Discussions("acme/widgets")[0].ID) {
		if strings.Contains(c.Body, " part=outcome-") {
			n++
		}
	}
	assert.Equal(t, 1, n, "the loser posted nothing")

	a, _, err := slow.RecordOutcome(t.Context(), req)
	require.NoError(t, err)
	assert.Equal(t, 2, a.Seq)
	reader := map[string]string{"GITHUB_TOKEN": "bot", "GITHUB_API_URL": f.URL(), "GITHUB_GRAPHQL_URL": f.GraphQLURL()}
	res := w.run(reader, "verify", "--repo", "acme/widgets", "--discussion", "1", "--as", "github-actions[bot]")
	mustExit(t, res, 0)
	assert.Contains(t, res.stdout, "2 outcome(s) chained to it")
}
