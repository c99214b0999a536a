package council

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var ab = []string{"Member A", "Member B"}

func TestParseDocket(t *testing.T) {
	d, err := parseDocket("## Options\n- **Option 1:** Queue — move jobs. Held by: Member A\n"+
		"- Option 2: Cron - keep it,\n  but harden retries. (held by Member B, Member A)\n\n## Points in dispute\n- cost\n", ab)
	require.NoError(t, err)
	require.Len(t, d.Options, 2)
	assert.Equal(t, option{Number: 1, Title: "Queue", Summary: "move jobs.", Holders: []string{"Member A"}}, d.Options[0])
	assert.Equal(t, "Cron", d.Options[1].Title)
	assert.Equal(t, "keep it, but harden retries.", d.Options[1].Summary)
	assert.Equal(t, []string{"Member B", "Member A"}, d.Options[1].Holders)
	assert.Equal(t, []string{"cost"}, d.Disputes)

	for name, tc := range map[string]struct{ text, want string }{
		"no options section": {"## Points in dispute\n- none", "missing sections: ## Options"},
		"no dispute section": {"## Options\n- Option 1: Q. Held by: Member A, Member B", "## Points in dispute"},
		"no options":         {"## Options\nnothing\n## Points in dispute\n- none", "lists 0 option(s)"},
		"gap in numbering":   {"## Options\n- Option 1: Q. Held by: Member A\n- Option 3: C. Held by: Member B\n## Points in dispute\n- none", "Option 3 after 1"},
		"no holders":         {"## Options\n- Option 1: Q — all of it\n## Points in dispute\n- none", "Option 1 names no holders"},
		"unknown holder":     {"## Options\n- Option 1: Q. Held by: Member A, Member C\n## Points in dispute\n- none", "Member C, who filed no position"},
		"a position dropped": {"## Options\n- Option 1: Q. Held by: Member A\n## Points in dispute\n- none", "Member B's position is in no option"},
		"duplicate titles":   {"## Options\n- Option 1: Q. Held by: Member A\n- Option 2: q. Held by: Member B\n## Points in dispute\n- none", "share the title"},
		"too many":           {"## Options\n- Option 1: a. Held by: Member A\n- Option 2: b. Held by: Member B\n- Option 3: c. Held by: Member B\n- Option 4: d. Held by: Member B\n- Option 5: e. Held by: Member B\n- Option 6: f. Held by: Member B\n- Option 7: g. Held by: Member B\n## Points in dispute\n- none", "lists 7 option(s)"},
	} {
		_, err := parseDocket(tc.text, ab)
		assert.ErrorContains(t, err, tc.want, name)
	}
}

func TestCrossContract(t *testing.T) {
	check := checkCross("Member A", []string{"Member B", "Member C"})
	assert.NoError(t, check("## Challenges\n- Member C: unproven.\n## Concessions\n- none"))
	assert.NoError(t, check("## Challenges\nNONE_FOUND: I checked the load figures and the rollback.\n## Concessions\n- none"))
	assert.ErrorContains(t, check("## Challenges\n- Member A: myself\n## Concessions\n- none"), "address no other member")
	assert.ErrorContains(t, check("## Challenges\nNONE_FOUND\n## Concessions\n- none"), "what you tested")
	assert.ErrorContains(t, check("## Challenges\n- Member B: x"), "## Concessions")
}

func TestPositionContract(t *testing.T) {
	assert.NoError(t, checkPosition("## Position\nyes\n## Grounds\n- a\n## Risks\n- NONE_FOUND: b"))
	assert.ErrorContains(t, checkPosition("## Position\nyes\n## Grounds\n\n## Risks\n- b"), "## Grounds")
}

func TestParseBallot(t *testing.T) {
	ok := "**VOTE:** Option 2\n## Final position\nqueue\n## Objections\n- Option 1: slow\n## Trip-wires\n- Reopen if x"
	b, err := readBallot(ok, 2, false)
	require.NoError(t, err)
	assert.Equal(t, 2, b.Option)
	assert.Equal(t, []string{"Option 1: slow"}, b.Objections)
	assert.Equal(t, []string{"Reopen if x"}, b.TripWires)

	for name, tc := range map[string]struct {
		text, want string
		intent     bool
	}{
		"no vote":        {"## Final position\nq\n## Objections\n- none\n## Trip-wires\n- r", "no VOTE line", false},
		"off the docket": {"VOTE: Option 3\n## Final position\nq\n## Objections\n- none\n## Trip-wires\n- r", "not on the docket", false},
		"two votes":      {"VOTE: Option 1\nVOTE: Option 2\n## Final position\nq\n## Objections\n- none\n## Trip-wires\n- r", "more than one option", false},
		"not an option":  {"VOTE: the queue\n## Final position\nq\n## Objections\n- none\n## Trip-wires\n- r", "does not name an option", false},
		"no objections":  {"VOTE: Option 1\n## Final position\nq\n## Trip-wires\n- r", "## Objections", false},
		"no intent":      {ok, "## Intent alignment", true},
	} {
		_, err := readBallot(tc.text, 2, tc.intent)
		assert.ErrorContains(t, err, tc.want, name)
	}
}

func TestParseRuling(t *testing.T) {
	split := count([]ballot{{Label: "Member A", Option: 1}, {Label: "Member B", Option: 2}, {Label: "Member C", Option: 2}}, 2)
	head := "SELECTED: Option 2\n## Decision\nd\n## Rationale\nr\n"
	tail := "## Trip-wires\n- Reopen if x\n"
	r, err := parseRuling(head+"## Dissent\n- Member A: wanted option 1\n"+tail, 2, split)
	require.NoError(t, err)
	assert.Equal(t, 2, r.Selected)
	assert.Equal(t, []string{"Member A: wanted option 1"}, r.Dissent)

	_, err = parseRuling(head+tail, 2, split)
	assert.True(t, errors.Is(err, errNoDissentRecord), "%v", err)
	_, err = parseRuling(head+"## Dissent\n- none\n"+tail, 2, split)
	assert.ErrorContains(t, err, "Member A voted for other options")
	_, err = parseRuling(head+"## Dissent\n- Member B: nothing\n"+tail, 2, split)
	assert.ErrorContains(t, err, "Member A voted against Option 2")
	// Naming the dissenter without what they held flattens the dissent as surely as "none".
	for _, hollow := range []string{"- Member A: none", "- Member A", "- **Member A**: N/A.", "- Member A — nothing",
		"Member A: no dissent", "- none\n- Member A", "- none (Member A)", "- Member A and Member B: no objections"} {
		_, err = parseRuling(head+"## Dissent\n"+hollow+"\n"+tail, 2, split)
		assert.ErrorContains(t, err, "Member A voted against Option 2", "dissent %q", hollow)
		assert.True(t, errors.Is(err, errNoDissentRecord), "%q: %v", hollow, err)
	}
	r, err = parseRuling(head+"## Dissent\n- none from the majority\n- Member A: cron costs less; a month of retry data would vindicate it\n"+tail, 2, split)
	require.NoError(t, err)
	assert.Len(t, r.Dissent, 2)
	_, err = parseRuling(head+"## Dissent\n- Member A: x\n## Trip-wires\n- none\n", 2, split)
	assert.ErrorContains(t, err, "trip-wires say none")
	_, err = parseRuling("## Decision\nd\n## Rationale\nr\n## Dissent\n- none\n"+tail, 2, split)
	assert.ErrorContains(t, err, "no SELECTED line")

	// Going with every ballot, "none" is honest.
	all := count([]ballot{{Label: "Member A", Option: 2}, {Label: "Member B", Option: 2}}, 2)
	r, err = parseRuling(head+"## Dissent\n- none\n"+tail, 2, all)
	require.NoError(t, err)
	assert.Empty(t, r.Dissent)
}

func TestMargin(t *testing.T) {
	b := func(opts ...int) tally {
		var bs []ballot
		for i, o := range opts {
			bs = append(bs, ballot{Label: memberLabel(i), Option: o})
		}
		return count(bs, 3)
	}
	assert.Equal(t, "unanimous, 3 of 3", b(1, 1, 1).Margin(1))
	assert.Equal(t, "arbiter overruled a 3 ballot", b(1, 1, 1).Margin(2))
	assert.Equal(t, "3 of 4 (3-1)", b(1, 1, 1, 2).Margin(1))
	assert.Equal(t, "plurality 2 of 4 (2-1-1)", b(1, 1, 2, 3).Margin(0))
	assert.Equal(t, "plurality 2 of 4 (2-1-1)", b(1, 1, 2, 3).Margin(1))
	assert.Equal(t, "split 2-2", b(1, 1, 2, 2).Margin(0))
	assert.Equal(t, "arbiter broke a 2-2 tie", b(1, 1, 2, 2).Margin(2))
	assert.Equal(t, "arbiter overruled a 2-1 ballot", b(1, 1, 2).Margin(3))
	assert.Equal(t, []string{"Member C", "Member D"}, b(1, 1, 2, 3).Against(1))
}
