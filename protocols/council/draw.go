package council

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine"
)

// errOneFamily is the other staffing the protocol refuses: the seats cannot span two model
// families, because the pool has only one or because pins hold every seat to one.
var errOneFamily = errors.New("the seats cannot span two model families")

// draw is NewPlan's working state: an ordered-constraint resolver. The constraints, in the
// order they bind: a role's profile pin (configuration); a seat's family pin (the composition
// profile); a family kept for the arbiter when the seats still get two others; the spread
// (each seat takes the least-used family left); the member's affinity, then the capability
// prior of its seat class; the least-used profile of the family; the session seed.
type draw struct {
	opts     Options
	profiles engine.Profiles
	families map[string]string
	// pool is the profiles in seeded order; order is the families in first-appearance order.
	pool, order []string
	reserved    string // a family kept for the arbiter, "" when none
	famUse      map[string]int
	profUse     map[string]int
}

func newDraw(opts Options, ps engine.Profiles, rng *rand.Rand) (*draw, error) {
	families := map[string]string{}
	for n, p := range ps {
		families[n] = p.Family
	}
	d := &draw{opts: opts, profiles: ps, families: families, famUse: map[string]int{}, profUse: map[string]int{}}
	for _, n := range opts.Pool {
		if _, ok := families[n]; !ok {
			return nil, fmt.Errorf("council: pool: unknown profile %q", n)
		}
		if !slices.Contains(d.pool, n) {
			d.pool = append(d.pool, n)
		}
	}
	for k, pin := range opts.Roles {
		if p := pin.Profile; p != "" {
			if _, ok := families[p]; !ok {
				return nil, fmt.Errorf("council: role %s: unknown profile %q", k, p)
			}
		}
	}
	rng.Shuffle(len(d.pool), func(i, j int) { d.pool[i], d.pool[j] = d.pool[j], d.pool[i] })
	for _, n := range d.pool {
		if f := families[n]; !slices.Contains(d.order, f) {
			d.order = append(d.order, f)
		}
	}
	d.reserve()
	return d, nil
}

func (d *draw) pin(role string) string { return d.opts.Roles[role].Profile }

// reserve keeps a family for the arbiter when the seats still get two others: the arbiter's
// own pinned family, else the one no seat is pinned to with the highest adjudication prior
// (the seeded order breaks a tie).
func (d *draw) reserve() {
	pinned := map[string]bool{}
	for _, role := range d.opts.Team {
		if p := d.pin(role); p != "" {
			pinned[d.families[p]] = true
		}
		if f := d.opts.Pins[role].Family; f != "" {
			pinned[f] = true
		}
	}
	left := func(f string) bool {
		return len(slices.DeleteFunc(slices.Clone(d.order), func(g string) bool { return g == f })) >= 2
	}
	if p := d.pin(Arbiter); p != "" {
		if f := d.families[p]; !pinned[f] && f != "" && left(f) {
			d.reserved = f
		}
		return
	}
	if len(d.order) < 3 {
		return
	}
	for _, f := range d.order {
		if !pinned[f] && f != "" && left(f) && (d.reserved == "" || d.opts.Priors.adjudication(f) > d.opts.Priors.adjudication(d.reserved)) {
			d.reserved = f
		}
	}
}

// assign binds role to profile with its effort.
func (d *draw) assign(role, profile string) Assignment {
	spec, _ := d.opts.roster().Spec(role)
	a := Assignment{Role: role, Profile: profile, Family: d.families[profile], Effort: spec.Effort,
		Pinned: d.pin(role) != ""}
	if p := d.pin(role); p != "" {
		a.Profile, a.Family = p, d.families[p]
	}
	if p, ok := d.profiles[a.Profile]; ok {
		a.Provider, a.Model = p.Type, p.Model
	}
	if e := d.opts.Roles[role].Effort; e != "" {
		a.Effort = e
	}
	if p, ok := d.profiles[a.Profile]; ok && a.Effort != "" {
		a.Sent = cmp.Or(p.EffortFor(a.Effort), effortNone)
	}
	return a
}

// seat places one seat (see draw).
func (d *draw) seat(role string) (Assignment, error) {
	profile := d.pin(role)
	if f := d.opts.Pins[role].Family; profile == "" && f != "" {
		if profile = d.best(role, func(g string) bool { return g == f }); profile == "" {
			return Assignment{}, fmt.Errorf("council: profile %s holds the %s seat to family %s, and no profile in the pool is of that family",
				d.opts.Profile, d.opts.Title(role), f)
		}
	}
	if profile == "" {
		profile = d.best(role, func(f string) bool { return f != d.reserved })
	}
	if profile == "" {
		profile = d.best(role, func(string) bool { return true })
	}
	if profile == "" {
		return Assignment{}, fmt.Errorf("council: no provider profile can play the %s seat (the pool is empty)", d.opts.Title(role))
	}
	d.famUse[d.families[profile]]++
	d.profUse[profile]++
	return d.assign(role, profile), nil
}

// best returns the pool profile, among those whose family ok accepts, that ranks first for
// role; "" when none qualifies.
func (d *draw) best(role string, ok func(family string) bool) string {
	best := ""
	for _, n := range d.pool {
		if ok(d.families[n]) && (best == "" || d.less(role, n, best)) {
			best = n
		}
	}
	return best
}

// less orders candidate profiles for a seat: least-used family, the member's affinity, the
// seat class's prior, least-used profile; the seeded pool order breaks the rest (the earlier
// candidate stays).
func (d *draw) less(role, a, b string) bool {
	fa, fb := d.families[a], d.families[b]
	if ua, ub := d.famUse[fa], d.famUse[fb]; ua != ub {
		return ua < ub
	}
	m, _ := d.opts.Member(role)
	if ra, rb := affinityRank(m, fa), affinityRank(m, fb); ra != rb {
		return ra < rb
	}
	if pa, pb := d.opts.Priors.affinity(m.SeatClass, fa), d.opts.Priors.affinity(m.SeatClass, fb); pa != pb {
		return pa > pb
	}
	return d.profUse[a] < d.profUse[b]
}

// affinityRank is where a family sits in the member's affinity (past the end when absent).
func affinityRank(m Member, family string) int {
	if i := slices.Index(m.Affinity, family); i >= 0 {
		return i
	}
	return len(m.Affinity)
}

// spread fails closed when the draw leaves the seats on fewer than two families. Seats the
// configuration pins, every one of them, to profiles of one family are the operator's choice,
// not the draw's: that staffing is reduced independence, which the engine's gate asks a person
// to approve before the first call.
func (d *draw) spread(seats []Assignment) error {
	var fams []string
	pinned := true
	for _, s := range seats {
		if !slices.Contains(fams, s.Family) {
			fams = append(fams, s.Family)
		}
		pinned = pinned && s.Pinned
	}
	if len(fams) >= 2 || (pinned && len(d.order) >= 2) {
		return nil
	}
	why := "family pins hold every seat to it"
	if len(d.order) < 2 {
		why = "every profile in the pool is of that family"
	}
	return fmt.Errorf("council: %w: every seat would be family %q, because %s; configure a profile of another family or loosen the pins",
		errOneFamily, strings.Join(fams, ""), why)
}

// arbiter picks the arbiter's profile (see NewPlan).
func (d *draw) arbiter(seats []Assignment) (Assignment, error) {
	if p := d.pin(Arbiter); p != "" {
		return d.assign(Arbiter, p), nil
	}
	seated, adversarial := map[string]bool{}, map[string]bool{}
	for _, s := range seats {
		seated[s.Family] = true
		if spec, _ := d.opts.roster().Spec(s.Role); spec.Adversarial {
			adversarial[s.Family] = true
		}
	}
	clean := ""
	for _, n := range d.pool {
		if f := d.families[n]; f != "" && !seated[f] && (clean == "" || d.judges(n, clean)) {
			clean = n
		}
	}
	if clean != "" {
		return d.assign(Arbiter, clean), nil
	}
	best := ""
	for _, n := range d.pool {
		if !adversarial[d.families[n]] && (best == "" || d.fallbackLess(n, best)) {
			best = n
		}
	}
	if best == "" {
		return Assignment{}, fmt.Errorf("council: %w; add a profile of another family, or pin protocols.council.roles.arbiter.profile to accept the residual", errNoArbiter)
	}
	return d.assign(Arbiter, best), nil
}

// judges says a ranks above b for the arbiter by adjudication prior.
func (d *draw) judges(a, b string) bool {
	return d.opts.Priors.adjudication(d.families[a]) > d.opts.Priors.adjudication(d.families[b])
}

// fallbackLess orders fallback arbiters: a profile no seat uses, a family the fewest seats
// use, the adjudication prior.
func (d *draw) fallbackLess(a, b string) bool {
	if d.profUse[a] != d.profUse[b] {
		return d.profUse[a] < d.profUse[b]
	}
	if fa, fb := d.famUse[d.families[a]], d.famUse[d.families[b]]; fa != fb {
		return fa < fb
	}
	return d.judges(a, b)
}
