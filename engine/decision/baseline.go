package decision

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// BaselineVote is what the vote found, as the decision carries it.
type BaselineVote struct {
	// Calls is the K asked (after matching); Matched says it was matched to the deliberation.
	Calls   int  `json:"calls"`
	Matched bool `json:"matched,omitempty"`
	// Capped is the K matching wanted when it was more than MaxBaselineCalls (0: not capped).
	Capped  int      `json:"capped,omitempty"`
	Ballots []Ballot `json:"ballots,omitempty"`
	// Leaders are the labels of the options with the most votes (more than one on a tie);
	// Votes is how many each had, Cast how many ballots chose at all.
	Leaders []string `json:"leaders,omitempty"`
	Votes   int      `json:"votes,omitempty"`
	Cast    int      `json:"cast,omitempty"`
	// Panel is the label of the option the decision selected ("" when it selected none).
	Panel string `json:"panel,omitempty"`
	// Tokens are what the ballots spent; Deliberation what the session spent before them.
	Tokens       int64 `json:"tokens"`
	Deliberation int64 `json:"deliberation_tokens"`
	// Skipped says why no vote was held (the decision had fewer than two options).
	Skipped string `json:"skipped,omitempty"`
}

// Ballot is one call of the vote.
type Ballot struct {
	N       int    `json:"n"`
	Profile string `json:"profile"`
	Family  string `json:"family"`
	// Choice is the label of the option chosen ("" when the call produced no choice).
	Choice string `json:"choice,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Failed names why the call produced no ballot (timeout, budget, …).
	Failed string `json:"failed,omitempty"`
}

// Agreed reports whether the vote's single leader is the option the panel chose.
func (v *BaselineVote) Agreed() bool {
	return v != nil && v.Skipped == "" && len(v.Leaders) == 1 && v.Leaders[0] == v.Panel
}

// Line is the vote as the card states it, short enough for the card's first screen: "3 of 5
// plain votes agreed", "3 of 5 plain votes chose B: Buy; the panel chose A", "4 plain votes
// split between A: Build and B: Buy (2 each)". Sentence says it in full.
func (v *BaselineVote) Line(d *Decision) string {
	switch {
	case v == nil:
		return ""
	case v.Skipped != "":
		return "not held: " + v.Skipped
	case v.Cast == 0:
		return fmt.Sprintf("%d plain votes asked, none cast (%s)", v.Calls, failedSummary(v.Ballots))
	case v.Agreed():
		return fmt.Sprintf("%d of %d plain votes agreed", v.Votes, v.Calls)
	case len(v.Leaders) > 1:
		return fmt.Sprintf("%d plain votes split between %s (%d each)", v.Calls, v.leaderNames(d), v.Votes)
	case v.Panel == "":
		return fmt.Sprintf("%d of %d plain votes chose %s", v.Votes, v.Calls, optionName(d, v.Leaders[0]))
	}
	return fmt.Sprintf("%d of %d plain votes chose %s; the panel chose %s", v.Votes, v.Calls, optionName(d, v.Leaders[0]), v.Panel)
}

// Sentence is the vote in one sentence, for the record: "a plain vote of 5 independent
// answers chose B: Buy (3 of 5); the panel chose A: Build", "… agreed: A: Build (4 of 5)".
func (v *BaselineVote) Sentence(d *Decision) string {
	head := fmt.Sprintf("a plain vote of %d independent answers", v.Calls)
	switch {
	case v.Skipped != "":
		return "no vote was held: " + v.Skipped
	case v.Cast == 0:
		return head + " gave no ballot (" + failedSummary(v.Ballots) + ")"
	case v.Agreed():
		return fmt.Sprintf("%s agreed: %s (%d of %d)", head, optionName(d, v.Panel), v.Votes, v.Calls)
	}
	chose := fmt.Sprintf("%s chose %s (%d of %d)", head, optionName(d, v.Leaders[0]), v.Votes, v.Calls)
	if len(v.Leaders) > 1 {
		chose = fmt.Sprintf("%s split between %s (%d each of %d)", head, v.leaderNames(d), v.Votes, v.Calls)
	}
	if v.Panel == "" {
		return chose
	}
	return chose + "; the panel chose " + optionName(d, v.Panel)
}

// leaderNames are the tied leaders, "A: Build and B: Buy".
func (v *BaselineVote) leaderNames(d *Decision) string {
	names := make([]string, len(v.Leaders))
	for i, l := range v.Leaders {
		names[i] = optionName(d, l)
	}
	return strings.Join(names, " and ")
}

// optionName is "B: Buy the queue" for an option's label, its title kept to a card's phrase.
func optionName(d *Decision, label string) string {
	for _, a := range d.Alternatives {
		if a.Label == label && a.Title != "" {
			title := oneLine(a.Title)
			if r := []rune(title); len(r) > 60 {
				title = strings.TrimSpace(string(r[:59])) + "…"
			}
			return label + ": " + title
		}
	}
	return label
}

func failedSummary(bs []Ballot) string {
	var why []string
	for _, b := range bs {
		if b.Failed != "" && !slices.Contains(why, b.Failed) {
			why = append(why, b.Failed)
		}
	}
	if len(why) == 0 {
		return "no answer named an option"
	}
	return strings.Join(why, ", ")
}

// SectionBaseline is the key of the record's section that holds the vote's ballots.
const SectionBaseline = "baseline"

// Tally finds the leaders among the ballots that chose.
func (v *BaselineVote) Tally() {
	count := map[string]int{}
	var order []string
	for _, b := range v.Ballots {
		if b.Choice == "" {
			continue
		}
		if count[b.Choice] == 0 {
			order = append(order, b.Choice)
		}
		count[b.Choice]++
		v.Cast++
	}
	for _, l := range order {
		switch {
		case count[l] > v.Votes:
			v.Leaders, v.Votes = []string{l}, count[l]
		case count[l] == v.Votes:
			v.Leaders = append(v.Leaders, l)
		}
	}
	slices.Sort(v.Leaders)
}

// RecordSection is the record's account of the vote: what each call saw, the ballots, and the
// tokens set against the deliberation's.
func (v *BaselineVote) RecordSection(d *Decision) Section {
	calls := fmt.Sprintf("%d independent calls", v.Calls)
	if v.Matched {
		calls += " (as many as match the deliberation's tokens"
		if v.Capped > 0 {
			calls += fmt.Sprintf("; matching wanted %d, at most %d are made", v.Capped, v.Calls)
		}
		calls += ")"
	}
	text := fmt.Sprintf("%s were each shown the question, the material and the final options only: no "+
		"argument, score or vote of the panel, the options under neutral numbers in an order of the call's "+
		"own. Result: %s. The vote spent %d tokens; the deliberation spent %d.",
		calls, v.Sentence(d), v.Tokens, v.Deliberation)
	t := &Table{Columns: []string{"Ballot", "Family", "Profile", "Chose", "Reason"}}
	for _, b := range v.Ballots {
		chose, reason := b.Choice, b.Reason
		if b.Failed != "" {
			chose, reason = "—", "no ballot ("+b.Failed+")"
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(b.N), b.Family, b.Profile, chose, reason})
	}
	return Section{Key: SectionBaseline, Title: "Baseline vote", Text: text, Table: t}
}
