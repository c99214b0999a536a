package council

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine/estimate"
)

// The confirmation card's gate and its answers.
const (
	GateCard      = "confirm-roster"
	answerProceed = "proceed"
	answerDecline = "decline"
)

// card is the roster and estimate shown before any seat is called: who sits, who files and
// who rules, on which profiles, and what it is expected to take and cost.
func card(opts Options, plan Plan, est estimate.Estimate) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The standing team, as convened (profile %s):\n\n", orDefault(opts.Profile, "built-in team"))
	b.WriteString("| Seat | Class | Profile | Model | Family | Effort |\n|---|---|---|---|---|---|\n")
	for _, a := range plan.Seats {
		m, _ := opts.Member(a.Role)
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", cell(opts.Title(a.Role)), cell(string(m.SeatClass)), cell(a.Profile),
			cell(a.Model), cell(dash(a.Family)), cell(a.EffortShown()))
	}
	fmt.Fprintf(&b, "\nHolding no seat: the clerk on %s, the arbiter on %s (%s path", plan.Clerk.Profile, plan.Arbiter.Profile, plan.ArbiterPath)
	if plan.Residual != "" {
		b.WriteString(": " + plan.Residual)
	}
	b.WriteString(").\n")
	if opts.PersonalData {
		b.WriteString("\nThis profile handles personal data: no member memory is read or proposed, and every call is told to repeat no personal detail it does not need.\n")
	}
	b.WriteString("\nEstimate: " + est.String() + "\n")
	for _, line := range est.Basis() {
		b.WriteString("- " + line + "\n")
	}
	return b.String()
}

// cardQuestion is the card as the gate asks it.
func cardQuestion(opts Options, plan Plan, est estimate.Estimate) string {
	// The answers are the surface's to name in its own words (a terminal's choices, GitHub's
	// /war-room proceed and /war-room cancel): the question names none.
	return card(opts, plan, est) + "\nConvene the team? No seat has been called yet, so stopping here spends nothing."
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func dash(s string) string { return orDefault(s, "—") }

// cell keeps an operator's value (a profile or model name) to one table cell: on one line,
// with its pipes escaped, so that it cannot add a column or end the roster's table.
func cell(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "|", `\|`)
}
