// Package council is the standing-team protocol: a team of seats with deliberately
// conflicting briefs, each played by a configured model, answers a question in five phases —
// blind positions, a docket of the options on the table, cross-examination, a closing ballot,
// and a ruling by an external arbiter who holds no seat. The arbiter must return a decision
// and a dissent record; a ruling that drops a dissenting seat, or claims agreement the ballots
// do not show, breaks its contract and fails the session rather than passing.
//
// Every seat call is its own durable engine step; seats see each other only under anonymous
// member labels, and so does the arbiter: attribution appears only in the final record. The
// seating plan (who plays which seat, who arbitrates) is drawn from the session seed, spread
// across model families, and keeps the arbiter off every family that sits when it can.
package council
