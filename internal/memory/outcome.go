package memory

import "github.com/war-room/war-room/engine/outcome"

// FromOutcome is the member-memory item an outcome becomes: the verdict and the note, for the
// whole team, written by a maintainer (recorded as approved, since its author is one), citing
// the decision as ref names it (a session id, or "#N" on GitHub). One command records both,
// so the standing team reads every outcome recorded, however it was recorded.
func FromOutcome(a outcome.Addendum, ref string) Item {
	return Item{Text: a.Verdict + ": " + a.Note, Provider: Maintainer, Source: Source{Kind: KindOutcome, Ref: ref}}
}
