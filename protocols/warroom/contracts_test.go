package warroom

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var abc = []string{"Response A", "Response B", "Response C"}

func TestParseRanking(t *testing.T) {
	good := map[string][]string{
		"RANKING: C > A > B": {"Response C", "Response A", "Response B"},
		"I think B.\n**RANKING:** Response B, Response C, A": {"Response B", "Response C", "Response A"},
		"- ranking: a > c > b.":                              {"Response A", "Response C", "Response B"},
	}
	for text, want := range good {
		got, err := parseRanking(text, abc)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
	}
	bad := map[string]string{
		"RANKING: A > B":                 "missing Response C",
		"RANKING: A > B > B":             "ranked twice",
		"RANKING: A > B > D":             "not one of the responses",
		"I like A best":                  "exactly one line",
		"RANKING: A>B>C\nRANKING: C>B>A": "exactly one line",
	}
	for text, msg := range bad {
		_, err := parseRanking(text, abc)
		assert.ErrorContains(t, err, msg, text)
	}
}

func TestParseCOAs(t *testing.T) {
	text := "Intro.\n## COA: Buy a managed queue\nUse the vendor's.\nPros: fast\nCons: cost\nRisks: lock-in\nEffort: 1 week\n\n" +
		"### COA — **Build on Postgres**\nReuse the DB.\n**Pros:** no vendor\n- Cons: load\nRisks: scale\nEffort: 3 weeks\n"
	cs, err := parseCOAs(text)
	require.NoError(t, err)
	require.Len(t, cs, 2)
	assert.Equal(t, "Buy a managed queue", cs[0].Title)
	assert.Equal(t, "Build on Postgres", cs[1].Title)
	assert.Contains(t, cs[1].Body, "Reuse the DB.")

	_, err = parseCOAs("## COA: A\nPros: x\nCons: y\nEffort: z")
	assert.ErrorContains(t, err, `COA "A" lacks Risks:`)
	_, err = parseCOAs("## COA: Same\nPros: x\nCons: y\nRisks: r\nEffort: z\n## COA: same\nPros: x\nCons: y\nRisks: r\nEffort: z")
	assert.ErrorContains(t, err, "share the title")
}

func TestParseEscalation(t *testing.T) {
	r, err := parseEscalation("ESCALATE: yes\nTRIGGERS: 4, 2, 2\nDEESCALATE: no\nNOTE: sets a precedent")
	require.NoError(t, err)
	assert.Equal(t, escalationReview{Escalate: true, Triggers: []int{2, 4}, Note: "sets a precedent"}, r)

	for text, msg := range map[string]string{
		"ESCALATE: maybe\nTRIGGERS: none\nDEESCALATE: no\nNOTE: x": "ESCALATE must be yes or no",
		"ESCALATE: yes\nTRIGGERS: none\nDEESCALATE: no\nNOTE: x":   "needs at least one trigger",
		"ESCALATE: yes\nTRIGGERS: 6\nDEESCALATE: no\nNOTE: x":      "TRIGGERS must list numbers 1-5",
		"ESCALATE: yes\nTRIGGERS: 1\nDEESCALATE: yes\nNOTE: x":     "cannot both be yes",
		"ESCALATE: no\nTRIGGERS: none\nDEESCALATE: yes\nNOTE:":     "needs a NOTE",
	} {
		_, err := parseEscalation(text)
		assert.ErrorContains(t, err, msg, text)
	}
}

func TestParseSynthesis(t *testing.T) {
	text := "## Context\nctx\n## Selected approach\nGo B.\n## Rationale\nbecause\n## Implementation orders\n1. do\n" +
		"## Watch points\n- latency\n## Consequences\nsome\n## Dissenting views\nNone.\n" +
		"## Rejected alternatives\n- **Response A**: too costly\n- Response C — slow\n\nSELECTED: response b"
	s, err := parseSynthesis(text, abc)
	require.NoError(t, err)
	assert.Equal(t, "Response B", s.Selected)
	assert.Equal(t, "Go B.", s.Approach)
	assert.Empty(t, s.Dissent, "\"None\" is no dissent")
	assert.Equal(t, []string{"latency"}, s.Watch)
	assert.Equal(t, map[string]string{"Response A": "too costly", "Response C": "slow"}, s.Rejected)

	_, err = parseSynthesis(text[:len(text)-len("SELECTED: response b")]+"SELECTED: Response D", abc)
	assert.ErrorContains(t, err, "SELECTED")
	_, err = parseSynthesis("## Context\nctx\nSELECTED: Response A", abc)
	assert.ErrorContains(t, err, "## Selected approach")
}

// A synthesis written as real models write it — a preamble, a title, "###" sub-headings in
// every section, a fenced block holding a "##" line — keeps every word of every section: the
// sub-headings and what is under them stay in their section, and nothing is reported missing.
func TestParseSynthesisKeepsSubHeadings(t *testing.T) {
	sections := []string{"Context", "Selected approach", "Rationale", "Implementation orders", "Watch points",
		"Consequences", "Dissenting views", "Rejected alternatives"}
	var b strings.Builder
	b.WriteString("Here is the synthesis you asked for.\n\n# Decision memo\n\n")
	for i, name := range sections {
		fmt.Fprintf(&b, "## %s\n\n### Part one of %s\n\n- word%d-a under the first sub-heading\n\n### Part two\n\nword%d-b under the second.\n\n", name, strings.ToLower(name), i, i)
	}
	b.WriteString("```text\n## Context\nnot a heading\n```\n\nSELECTED: Response B\n")
	s, err := parseSynthesis(b.String(), abc)
	require.NoError(t, err)
	fields := []string{s.Context, s.Approach, s.Rationale, s.Orders, strings.Join(s.Watch, "\n"), s.Consequences, strings.Join(s.Dissent, "\n")}
	for i, got := range fields {
		for _, want := range []string{fmt.Sprintf("word%d-a", i), fmt.Sprintf("word%d-b", i), "Part one of " + strings.ToLower(sections[i]), "Part two"} {
			assert.Contains(t, got, want, sections[i])
		}
	}
	assert.NotContains(t, s.Context, "not a heading", "the fenced block belongs to the last section")
}
