package council

import (
	"fmt"
	"slices"
	"strings"
)

// Finding is one problem the divergence lint found in a composition profile.
type Finding struct {
	Profile string `json:"profile"`
	// Members are the members it concerns (none: the profile as a whole).
	Members []string `json:"members,omitempty"`
	Problem string   `json:"problem"`
}

func (f Finding) String() string {
	if len(f.Members) == 0 {
		return "profile " + f.Profile + ": " + f.Problem
	}
	return "profile " + f.Profile + " (" + strings.Join(f.Members, ", ") + "): " + f.Problem
}

// Lint is the divergence lint: a standing team is worth its calls only if its seats are
// pulled apart, so it reports, for every profile, a team with nobody charged with attacking,
// two members briefed alike (the same mandate, focus or incentives), a member with nothing
// it is credited or charged for, and an overlay that only repeats the member's core. It reads
// the cards, never a model; an empty answer means every profile passed.
func (c Catalog) Lint() []Finding {
	var out []Finding
	for _, p := range c.Profiles {
		out = append(out, c.lintProfile(p)...)
	}
	return out
}

func (c Catalog) lintProfile(p Profile) []Finding {
	var out []Finding
	add := func(problem string, members ...string) {
		out = append(out, Finding{Profile: p.Name, Members: members, Problem: problem})
	}
	var team []Member
	for _, k := range p.Members {
		if m, ok := c.Member(k); ok {
			team = append(team, m)
		}
	}
	if !slices.ContainsFunc(team, func(m Member) bool { return m.SeatClass == classAdversarial }) {
		add("nobody on the team is charged with attacking the options: add a member of seat class " + string(classAdversarial))
	}
	focus := func(m Member) string {
		if o, ok := p.Overlays[m.Key]; ok {
			return o.Focus
		}
		return ""
	}
	for i, m := range team {
		o, hasOverlay := p.Overlays[m.Key]
		if len(m.Incentives) == 0 && len(o.Incentives) == 0 {
			add("has nothing it is credited or charged for, so nothing pulls its answer away from the others'", m.Key)
		}
		if hasOverlay && same(o.Focus, m.Mandate) {
			add("the overlay's focus repeats the member's core mandate and adds nothing", m.Key)
		}
		for _, n := range team[i+1:] {
			switch {
			case same(m.Mandate, n.Mandate):
				add("have the same mandate: two seats briefed alike argue one position twice", m.Key, n.Key)
			case focus(m) != "" && same(focus(m), focus(n)):
				add("have the same overlay focus: two seats briefed alike argue one position twice", m.Key, n.Key)
			}
			for _, inc := range incentivesOf(m, o) {
				if slices.ContainsFunc(incentivesOf(n, p.Overlays[n.Key]), func(x string) bool { return same(x, inc) }) {
					add(fmt.Sprintf("share the incentive %q: seats credited for the same thing pull the same way", inc), m.Key, n.Key)
				}
			}
		}
	}
	return out
}

func incentivesOf(m Member, o Overlay) []string {
	return append(slices.Clone(m.Incentives), o.Incentives...)
}

// same compares two texts as a reader would: case, spacing and a closing full stop aside.
func same(a, b string) bool {
	norm := func(s string) string { return strings.TrimRight(strings.Join(strings.Fields(s), " "), ".") }
	return strings.EqualFold(norm(a), norm(b))
}
