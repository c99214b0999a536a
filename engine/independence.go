package engine

import (
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
)

// The gate every protocol stops at, before its first call, when its plan cannot be
// conforming; the answers it takes.
const (
	GateReducedIndependence = "approve-reduced-independence"
	AnswerApprove           = "approve"
	AnswerDecline           = "decline"
)

// Seat is one planned role of a session: the profile that will be asked to play it.
type Seat struct {
	// Key names the seat uniquely within its plan; rules name seats by Role, and Distinct
	// groups by Key.
	Key  string `json:"key"`
	Role string `json:"role"`
	// Step, when set, is the only step whose calls count as this seat's answers (a chain that
	// plays one role several times); otherwise every call of the role on the profile counts.
	Step     string          `json:"step,omitempty"`
	Profile  string          `json:"profile"`
	Provider string          `json:"provider"`
	Model    string          `json:"model"`
	Family   string          `json:"family"`
	Effort   provider.Effort `json:"effort,omitempty"`
}

// Rule is a protocol's independence rule, stated over the roles (and keys) of its seats. A
// plan or a run is conforming when every clause holds; a clause over seats that do not sit
// holds trivially.
type Rule struct {
	// Spread: the seats of these roles span at least Families declared families.
	Spread []Spread `json:"spread,omitempty"`
	// Apart: no seat of a role in A shares a declared family with a seat of a role in B.
	Apart []Apart `json:"apart,omitempty"`
	// Distinct: no two of these seats (by key) run on the same profile at the same effort.
	Distinct [][]string `json:"distinct,omitempty"`
	// Essential roles must answer once asked: a run that asked one and got nothing from it
	// lost what it needed that seat for (the adversary, say).
	Essential []string `json:"essential,omitempty"`
}

// Spread is a Rule clause: Roles span at least Families families.
type Spread struct {
	Roles    []string `json:"roles"`
	Families int      `json:"families"`
}

// Apart is a Rule clause: roles A and roles B never share a family.
type Apart struct {
	A []string `json:"a"`
	B []string `json:"b"`
}

// Plan is what a session will call, as the engine judges and discloses it before any call.
type Plan struct {
	Seats []Seat `json:"seats"`
	Rule  Rule   `json:"rule"`
	// Titles name roles for a reader ("Red Team Commander"); a role without one is shown by key.
	Titles map[string]string `json:"titles,omitempty"`
	// Routes name the roles an input is sent to, when it is not sent to every role (the
	// reason chain's caller position reaches its attacker only); the disclosure says so.
	Routes map[string][]string `json:"routes,omitempty"`
}

// judgment is the engine's verdict on a plan, or on the seats that answered.
type judgment struct {
	Label   string   `json:"label"`
	Reasons []string `json:"reasons,omitempty"`
	// Families are the declared families of the seats judged, sorted.
	Families []string `json:"families"`
}

// Conforming reports whether the judgment found nothing to reduce independence.
func (j judgment) Conforming() bool { return j.Label == decision.Conforming }

// Judge judges the plan as planned: every seat answers.
func (p Plan) Judge() judgment { return p.judge(p.Seats, p.Rule, nil) }

// JudgeAnswered judges the run from its ledger: only seats that answered at least once count,
// and an essential seat that was asked and never answered reduces independence.
func (p Plan) JudgeAnswered(rule Rule, entries []ledger.Entry) judgment {
	var answered []Seat
	var lost []string
	for _, s := range p.Seats {
		asked, ok := s.outcome(entries)
		switch {
		case ok:
			answered = append(answered, s)
		case asked && slices.Contains(rule.Essential, s.Role):
			lost = append(lost, fmt.Sprintf("the %s (profile %s) was asked and never answered", p.title(s.Role), s.Profile))
		}
	}
	return p.judge(answered, rule, lost)
}

// outcome reports whether the ledger asked this seat and whether it ever answered.
func (s Seat) outcome(entries []ledger.Entry) (asked, answered bool) {
	for _, e := range entries {
		if e.Role != s.Role || e.Profile != s.Profile || (s.Step != "" && e.Step != s.Step) {
			continue
		}
		asked = true
		if e.Outcome == ledger.OutcomeOK {
			return true, true
		}
	}
	return asked, false
}

func (p Plan) judge(seats []Seat, rule Rule, reasons []string) judgment {
	add := func(format string, args ...any) {
		if r := fmt.Sprintf(format, args...); !slices.Contains(reasons, r) {
			reasons = append(reasons, r)
		}
	}
	for _, s := range seats {
		if s.Family == "" && rule.mentions(s) {
			add("profile %q declares no family, so its independence cannot be shown", s.Profile)
		}
	}
	for _, c := range rule.Spread {
		fams := families(seatsOf(seats, c.Roles))
		if n := len(seatsOf(seats, c.Roles)); n > 0 && len(fams) < c.Families {
			add("the %s span %s, fewer than the %d families the rule asks for", p.titles(c.Roles), familyList(fams), c.Families)
		}
	}
	for _, c := range rule.Apart {
		for _, a := range seatsOf(seats, c.A) {
			for _, b := range seatsOf(seats, c.B) {
				if a.Key != b.Key && a.Family != "" && a.Family == b.Family {
					add("the %s (%s) and the %s (%s) are both family %s", p.title(a.Role), a.Profile, p.title(b.Role), b.Profile, a.Family)
				}
			}
		}
	}
	for _, group := range rule.Distinct {
		in := slices.DeleteFunc(slices.Clone(seats), func(s Seat) bool { return !slices.Contains(group, s.Key) })
		for i, a := range in {
			for _, b := range in[i+1:] {
				if a.Profile == b.Profile && a.Effort == b.Effort {
					add("%s and %s run on the same execution profile (%s at %s effort)", a.Key, b.Key, a.Profile, a.Effort)
				}
			}
		}
	}
	j := judgment{Label: decision.Conforming, Families: families(seats)}
	if len(reasons) > 0 {
		j.Label, j.Reasons = decision.ReducedIndependence, reasons
	}
	return j
}

// mentions reports whether any clause of the rule is about the seat.
func (r Rule) mentions(s Seat) bool {
	for _, c := range r.Spread {
		if slices.Contains(c.Roles, s.Role) {
			return true
		}
	}
	for _, c := range r.Apart {
		if slices.Contains(c.A, s.Role) || slices.Contains(c.B, s.Role) {
			return true
		}
	}
	for _, g := range r.Distinct {
		if slices.Contains(g, s.Key) {
			return true
		}
	}
	return false
}

func seatsOf(seats []Seat, roles []string) []Seat {
	var out []Seat
	for _, s := range seats {
		if slices.Contains(roles, s.Role) {
			out = append(out, s)
		}
	}
	return out
}

func families(seats []Seat) []string {
	var out []string
	for _, s := range seats {
		if s.Family != "" && !slices.Contains(out, s.Family) {
			out = append(out, s.Family)
		}
	}
	slices.Sort(out)
	return out
}

func familyList(fams []string) string {
	switch len(fams) {
	case 0:
		return "no declared family"
	case 1:
		return "one family (" + fams[0] + ")"
	}
	return fmt.Sprintf("%d families (%s)", len(fams), strings.Join(fams, ", "))
}

func (p Plan) title(role string) string {
	if t, ok := p.Titles[role]; ok {
		return t
	}
	return role
}

func (p Plan) titles(roles []string) string {
	ts := make([]string, 0, len(roles))
	for _, r := range roles {
		ts = append(ts, p.title(r))
	}
	if len(ts) > 4 {
		return fmt.Sprintf("%d seats (%s, …)", len(ts), strings.Join(ts[:3], ", "))
	}
	return strings.Join(ts, ", ")
}

// SeatOf describes a profile playing a role, for a plan.
func SeatOf(key, role string, p *Profile, effort provider.Effort) Seat {
	s := Seat{Key: key, Role: role, Effort: effort}
	if p != nil {
		s.Profile, s.Provider, s.Model, s.Family = p.Name, p.Type, p.Model, p.Family
	}
	return s
}

// reducedQuestion is the question the reduced-independence gate asks.
func reducedQuestion(j judgment) string {
	return "This panel cannot be independent in the way the protocol asks: " + strings.Join(j.Reasons, "; ") +
		". Run it anyway, recorded as " + decision.ReducedIndependence + "? Nothing has been sent to any model yet."
}
