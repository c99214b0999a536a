package warroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/internal/provider/script"
)

// teamsCouncil is the scripted council with the red team asking two authors a question, the
// authors answering, and every answer naming a mark the test follows.
func teamsCouncil(scores string) script.Script {
	return override(council(scores, "", 0),
		script.Response{Role: redTeam, Match: `Phase 4, questions to the authors`,
			Text: "Two things need clarifying.\n\n- **Response B**: What load did you assume? QMARK-B\n- Response D: Who runs it at night? QMARK-D\n"},
		script.Response{Match: `Phase 4, a question about your course of action`,
			Text: `ANSWER-MARK for {{match "your course of action (Response [A-Z]+)\\." .User}}: we assumed 2k messages a second.`},
	)
}

// In agent-teams mode the red team's questions go to the authors of the courses of action
// they concern, as addressed calls that name no one; the answers reach the challengers; the
// premortems run one after another, each reading the ones before; and the record keeps the
// exchange, attributed only once the synthesis has unsealed the panel.
func TestAgentTeamsQuestionsTheAuthorsAndChainsThePremortems(t *testing.T) {
	opts := options(ModeFull)
	opts.AgentTeams = true
	st := openStore(t, "")
	d, p, err := deliberate(t, st, teamsCouncil(scoresFull), opts)
	require.NoError(t, err)

	var coaAuthor = map[string]string{}
	var questions, answers, challenges, premortems []provider.Request
	for _, r := range p.Requests() {
		switch {
		case strings.Contains(r.User, "Phase 4, questions to the authors"):
			questions = append(questions, r)
		case strings.Contains(r.User, "Phase 4, a question about your course of action"):
			answers = append(answers, r)
		case strings.Contains(r.User, "Phase 4, challenge"):
			challenges = append(challenges, r)
		case strings.Contains(r.User, "Phase 6, premortem"):
			premortems = append(premortems, r)
		}
	}
	for _, n := range mustDAG(t, st, d).Nodes {
		if n.Phase == "coa" {
			coaAuthor[n.Label] = n.Author.Role
		}
	}
	require.Len(t, questions, 1)
	assert.Equal(t, redTeam, questions[0].Role)
	require.Len(t, answers, 2, "one addressed call per question")
	for _, a := range answers {
		label := map[bool]string{true: "Response B", false: "Response D"}[strings.Contains(a.User, "QMARK-B")]
		assert.Equal(t, coaAuthor[label], a.Role, "the question about %s goes to its author", label)
		assert.Contains(t, a.User, "your course of action "+label)
		assert.NotContains(t, strings.ToLower(a.User), "red team", "the author never learns who asked")
	}
	require.Len(t, challenges, 2)
	for _, c := range challenges {
		assert.Contains(t, c.User, "ANSWER-MARK for Response B", "the answers reach the %s's challenge", c.Role)
		assert.Contains(t, c.User, "ANSWER-MARK for Response D")
	}
	// Premortems: seven voters one after another, the n-th reading n-1 earlier ones.
	require.Len(t, premortems, 7)
	for i, pm := range premortems {
		assert.Equal(t, i, strings.Count(pm.User, "<<<BEGIN earlier premortem Response"), "premortem %d", i+1)
	}

	assert.Equal(t, "yes", d.Metrics["agent_teams"])
	assert.Equal(t, "2", d.Metrics["author_questions"])
	assert.Equal(t, 26+3, p.Calls(), "the full council's 26 calls, the red team's questions and two answers")
	var md string
	for _, ph := range d.Phases {
		if ph.Key == "red-team" {
			md = ph.Markdown()
		}
	}
	for _, want := range []string{"Question on Response B — Red Team Commander", "What load did you assume? QMARK-B",
		"Answer on Response D — ", "ANSWER-MARK for Response D"} {
		assert.Contains(t, md, want)
	}
	dag := mustDAG(t, st, d)
	assert.True(t, record.VerifyDAG(dag).OK())
	kinds := map[string]int{}
	for _, n := range dag.Nodes {
		kinds[n.Phase]++
	}
	assert.Equal(t, 1, kinds["question"])
	assert.Equal(t, 2, kinds["answer"])
	assert.Equal(t, 7, kinds["premortem"])

	// The forecast counts the exchanges at their most: a question call and an answer for each
	// of the five courses of action.
	est, ok := d.Section(engine.SectionEstimate)
	require.True(t, ok)
	assert.Equal(t, []string{"Calls", "32", fmt.Sprint(p.Calls())}, est.Table.Rows[1])
}

// Agent-teams on a lightweight panel runs it one-shot and says so; asking nothing leaves the
// challenges as they are.
func TestAgentTeamsAppliesToTheFullCouncilOnly(t *testing.T) {
	opts := options(ModeAuto)
	opts.AgentTeams = true
	d, p, err := deliberate(t, openStore(t, ""), teamsCouncil(scoresLightweight), opts)
	require.NoError(t, err)
	assert.Equal(t, 17, p.Calls(), "the lightweight panel's calls, no exchange")
	assert.True(t, hasNote(d, "applies to the full council and Delphi only; this lightweight deliberation ran its phases one-shot"), d.Notes)
	assert.Equal(t, "no", d.Metrics["agent_teams"])

	opts = options(ModeFull)
	opts.AgentTeams = true
	quiet := override(council(scoresFull, "", 0), script.Response{Role: redTeam, Match: `Phase 4, questions to the authors`, Text: "**NONE**"})
	d, p, err = deliberate(t, openStore(t, ""), quiet, opts)
	require.NoError(t, err)
	assert.Equal(t, 27, p.Calls(), "the question call alone")
	assert.True(t, hasNote(d, "the red team asked the authors nothing"), d.Notes)
}

// In Delphi rounds under agent-teams, each author revises, and each voter re-votes, with its
// own ballot of the round before in front of it — and only its own.
func TestAgentTeamsDelphiKeepsEachMembersOwnBallot(t *testing.T) {
	opts := options(ModeDelphi)
	opts.AgentTeams, opts.DelphiMaxRounds = true, 2
	sc := teamsCouncil(scoresDelphi)
	// Each voter marks its ballot with a number of its own (a role name would be withheld
	// by the scrubber, as any identity is).
	mark := map[string]string{}
	var ballots []script.Response
	for i, spec := range allRoles() {
		mark[spec.Key] = fmt.Sprintf("BALLOT-OF-%d-", i)
		ballots = append(ballots, script.Response{Role: spec.Key, Match: `Phase 5, vote`,
			Text: mark[spec.Key] + " reasoning.\n" + `RANKING: {{match "using each of the letters ([A-Z, ]+) exactly once" .User}}`})
	}
	sc.Responses = append(ballots, sc.Responses...)
	d, p, err := deliberate(t, openStore(t, ""), sc, opts)
	require.NoError(t, err)
	require.Equal(t, "2", d.Metrics["delphi_rounds"])
	var revisions, secondVotes int
	for _, r := range p.Requests() {
		own := mark[r.Role]
		switch {
		case strings.Contains(r.User, "Delphi revision"):
			revisions++
			assert.Contains(t, r.User, "your ballot in the previous round")
			assert.Contains(t, r.User, own)
			assert.Equal(t, 1, strings.Count(r.User, "BALLOT-OF-"), "%s reads its own ballot only", r.Role)
		case strings.Contains(r.User, "Phase 5, vote") && strings.Contains(r.User, "your ballot in the previous round"):
			secondVotes++
			assert.Contains(t, r.User, own)
			assert.Equal(t, 1, strings.Count(r.User, "BALLOT-OF-"), "%s reads its own ballot only", r.Role)
		}
	}
	assert.Equal(t, 5, revisions)
	assert.Equal(t, 7, secondVotes)
}
