package council

// Section headings of the artifact contracts (docs/protocols/council.md lists them all).
const (
	secPosition    = "Position"
	secGrounds     = "Grounds"
	secRisks       = "Risks"
	secOptions     = "Options"
	secDisputes    = "Points in dispute"
	secChallenges  = "Challenges"
	secConcessions = "Concessions"
	secFinal       = "Final position"
	secObjections  = "Objections"
	secTripWires   = "Trip-wires"
	secIntent      = "Intent alignment"
	secDecision    = "Decision"
	secRationale   = "Rationale"
	secDissent     = "Dissent"
	secConseq      = "Consequences"
)
