package council

import (
	"slices"

	"github.com/war-room/war-room/engine/promptsafe"
)

// structural are words the protocol's own labels are made of: a profile that happens to be
// called "member" must not blank out every member label.
var structural = []string{"member", "option", "docket", "vote", "selected", "none_found"}

// newScrubber withholds the team's identities from model-written text, sparing only the
// protocol's label words and the words the operator exempted (Options.Unscrubbed). Nothing
// from the session's inputs is spared: the question and the issue are written by whoever
// asked, and a question that named the roles and profiles would otherwise let every member
// name itself.
func newScrubber(idents []string, unscrubbed []string) promptsafe.Scrubber {
	return promptsafe.NewScrubber(idents, append(slices.Clone(structural), unscrubbed...)...)
}

// identities lists what the scrubber withholds for a plan: every role's title and key (the
// built-in roster's and the team's), and the profile, model and family of every role that
// sits, files or rules.
func identities(p Plan, r roster) []string {
	out := append(builtinRoster().Identities(), r.Identities()...)
	for _, a := range append(slices.Clone(p.Seats), p.Clerk, p.Arbiter) {
		out = append(out, a.Profile, a.Family, a.Model)
	}
	return out
}
