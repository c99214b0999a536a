package reason

import (
	"fmt"
	"strings"
)

// The task texts are written by the protocol, never by the caller; they name the fenced
// inputs and say what to produce now. Everything the caller wrote arrives fenced.

const taskPremise = "Examine the question in QUESTION, with FACTS and CONSTRAINTS, as your role " +
	"describes. Do not answer it. Write your note now; its first line is the verdict line."

const taskGenerator = "Write your position paper on the question in QUESTION now, using FACTS and " +
	"CONSTRAINTS. Start every claim's line with its identifier C-1, C-2, …"

func compressorTask(twoPapers, earlierMaps bool) string {
	var b strings.Builder
	b.WriteString("Write the claim map for the position paper in POSITION")
	if twoPapers {
		b.WriteString(" and the independent paper in POSITION_B; cite POSITION_B's claims as B.C-<n>, " +
			"and reconcile the two papers")
	}
	b.WriteString(". ")
	if earlierMaps {
		b.WriteString("Claim maps from earlier passes are included (CLAIM_MAP, CLAIM_MAP_2, …): aim at " +
			"something they left alone, or say in one line why their target still matters most. ")
	}
	b.WriteString("End with the attack_vector line naming the claim identifiers to attack.")
	return b.String()
}

func attackerTask(claimMap string, targets []string) string {
	return fmt.Sprintf("Attack the position along the attack vector in %s, which targets %s: address "+
		"every one of them by identifier. Then scan off the vector, including the asker's tentative "+
		"position in CALLER_POSITION (\"(none)\" means they gave none), and write the off_vector line.",
		claimMap, strings.Join(targets, ", "))
}

func (c *chain) synthesisTask() string {
	var b strings.Builder
	b.WriteString("Write the synthesis now, from everything above, in the form your role describes.")
	if c.forced {
		b.WriteString(" The premise check judged the question suspect (see PREMISE) and the asker chose " +
			"to proceed anyway: keep the premise's objection in view.")
	}
	if c.plan.Independence != conforming {
		b.WriteString(" The roles of this chain were not on independent model families: make no claim " +
			"that independent vendors checked each other.")
	}
	return b.String()
}

// premiseQuestion is the premise gate's question.
const premiseQuestion = "The premise check judged the question " + verdictSuspect + " and the chain " +
	"stopped after one call (see PREMISE.md). Choose: \"proceed\" to run the full chain on the question " +
	"as asked (the synthesis will carry the suspect verdict), or \"drop\" to stop here. To ask a " +
	"reworded question instead, start a new run with it: the rewording is yours to write, not the chain's."
