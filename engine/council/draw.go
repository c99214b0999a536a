package council

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/war-room/war-room/engine"
)

// draw is NewPlan's working state.
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
	for _, k := range RoleKeys() {
		if p := opts.Roles[k].Profile; p != "" {
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
// own pinned family, else the first (in seeded order) that no pinned seat uses.
func (d *draw) reserve() {
	pinned := map[string]bool{}
	for _, role := range d.opts.Team {
		if p := d.pin(role); p != "" {
			pinned[d.families[p]] = true
		}
	}
	if p := d.pin(Arbiter); p != "" {
		if f := d.families[p]; !pinned[f] && f != "" {
			d.reserved = f
		}
		return
	}
	if len(d.order) < 3 {
		return
	}
	for _, f := range d.order {
		if !pinned[f] && f != "" {
			d.reserved = f
			return
		}
	}
}

// assign binds role to profile with its effort.
func (d *draw) assign(role, profile string) Assignment {
	spec, _ := Spec(role)
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
	return a
}

// seat places one seat: its pin, else the least-used family and profile outside the reserve
// (the reserve yields only when nothing else is left, as for an arbiter pinned to the one
// family in the pool).
func (d *draw) seat(role string) (Assignment, error) {
	profile := d.pin(role)
	if profile == "" {
		profile = d.leastUsed(func(f string) bool { return f != d.reserved })
	}
	if profile == "" {
		profile = d.leastUsed(func(string) bool { return true })
	}
	if profile == "" {
		return Assignment{}, fmt.Errorf("council: no provider profile can play the %s seat (the pool is empty)", RoleTitle(role))
	}
	d.famUse[d.families[profile]]++
	d.profUse[profile]++
	return d.assign(role, profile), nil
}

// leastUsed returns the pool profile, among those whose family ok accepts, that less ranks
// first; "" when none qualifies.
func (d *draw) leastUsed(ok func(family string) bool) string {
	best := ""
	for _, n := range d.pool {
		if ok(d.families[n]) && (best == "" || d.less(n, best)) {
			best = n
		}
	}
	return best
}

// less orders candidate profiles: least-used family, then least-used profile; the seeded
// pool order breaks ties (the earlier candidate stays).
func (d *draw) less(a, b string) bool {
	fa, fb := d.famUse[d.families[a]], d.famUse[d.families[b]]
	if fa != fb {
		return fa < fb
	}
	return d.profUse[a] < d.profUse[b]
}

// arbiter picks the arbiter's profile (see NewPlan).
func (d *draw) arbiter(seats []Assignment) (Assignment, error) {
	if p := d.pin(Arbiter); p != "" {
		return d.assign(Arbiter, p), nil
	}
	seated, adversarial := map[string]bool{}, map[string]bool{}
	for _, s := range seats {
		seated[s.Family] = true
		if spec, _ := Spec(s.Role); spec.Adversarial {
			adversarial[s.Family] = true
		}
	}
	for _, n := range d.pool {
		if f := d.families[n]; f != "" && !seated[f] {
			return d.assign(Arbiter, n), nil
		}
	}
	best := ""
	for _, n := range d.pool {
		if adversarial[d.families[n]] {
			continue
		}
		if best == "" || d.profUse[n] < d.profUse[best] ||
			(d.profUse[n] == d.profUse[best] && d.famUse[d.families[n]] < d.famUse[d.families[best]]) {
			best = n
		}
	}
	if best == "" {
		return Assignment{}, fmt.Errorf("council: %w; add a profile of another family, or pin protocols.council.roles.arbiter.profile to accept the residual", ErrNoArbiter)
	}
	return d.assign(Arbiter, best), nil
}
