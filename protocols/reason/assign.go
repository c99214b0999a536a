package reason

import (
	"errors"
	"fmt"
	"slices"
)

// Step keys of the chain's calls.
const (
	keyPlan      = "plan"
	keyPremise   = "premise"
	keyPosition  = "position"
	keyPositionB = "position-b"
	keySynthesis = "synthesis"
)

func keyClaimMap(pass int) string { return fmt.Sprintf("claim-map/%d", pass) }
func keyAttack(pass int) string   { return fmt.Sprintf("attack/%d", pass) }

// passArtifact names a pass's artifact: the first pass keeps the plain name.
func passArtifact(base string, pass int) string {
	if pass == 1 {
		return base + ".md"
	}
	return fmt.Sprintf("%s_%d.md", base, pass)
}

// errNoSecondProfile refuses --high-assurance when no distinct profile is left for the
// second generator: one profile run twice writes two correlated papers.
var errNoSecondProfile = errors.New("high assurance needs a second generator on a distinct profile, and none is available")

// Assign resolves the chain's topology from the options, the seed and each profile's family
// (profile name → family). It is a pure function: the same options, seed and families always
// give the same plan.
//
// Pinned roles keep their profile. The pool is grouped by family in pool order; with two or
// more families, seed mod 2 picks which of the first two hosts the generator and which the
// compressor and attacker (the adversary side). A pin on the generator, or on the compressor
// or attacker, fixes its side; the other side is then the first family different from it.
// The premise check runs on the adversary side; the synthesizer on a third family when the
// pool has one, else on the generator side. Pass p > 1 reads bit p-1 of the seed: a 1 swaps
// which of the adversary side's first two profiles compresses and which attacks.
func Assign(opts Options, seed int64, families map[string]string) (Plan, error) {
	if err := opts.Validate(); err != nil {
		return Plan{}, err
	}
	d, err := newDraw(opts, seed, families)
	if err != nil {
		return Plan{}, err
	}
	plan := Plan{Seed: seed, EffortProfile: opts.EffortProfile, Passes: opts.Passes,
		HighAssurance: opts.HighAssurance, Orientation: d.orientation,
		GeneratorFamily: d.gen.family, AdversaryFamily: d.adv.family}
	if plan.Slots, err = d.slots(); err != nil {
		return Plan{}, err
	}
	plan.Independence, plan.IndependenceReasons = plan.derive()
	return plan, nil
}

// side is the profiles of one family, in pool order.
type side struct {
	family   string
	profiles []string
}

type draw struct {
	opts        Options
	seed        uint64
	families    map[string]string
	sides       []side
	gen, adv    side
	third       *side
	orientation int
}

func newDraw(opts Options, seed int64, families map[string]string) (*draw, error) {
	d := &draw{opts: opts, seed: uint64(seed), families: families, orientation: -1}
	if err := d.checkProfiles(); err != nil {
		return nil, err
	}
	d.group()
	d.orient()
	d.applyPins()
	for i := range d.sides {
		if f := d.sides[i].family; f != d.gen.family && f != d.adv.family {
			d.third = &d.sides[i]
			break
		}
	}
	return d, nil
}

func (d *draw) checkProfiles() error {
	for _, name := range d.opts.Pool {
		if _, ok := d.families[name]; !ok {
			return fmt.Errorf("pool: unknown profile %q", name)
		}
	}
	for role, s := range d.opts.Roles {
		if _, ok := d.families[s.Profile]; s.Profile != "" && !ok {
			return fmt.Errorf("roles.%s: unknown profile %q", role, s.Profile)
		}
	}
	return nil
}

// group splits the pool by family, keeping first-appearance order and dropping duplicates.
func (d *draw) group() {
	idx := map[string]int{}
	seen := map[string]bool{}
	for _, name := range d.opts.Pool {
		if seen[name] {
			continue
		}
		seen[name] = true
		f := d.families[name]
		i, ok := idx[f]
		if !ok {
			i = len(d.sides)
			idx[f] = i
			d.sides = append(d.sides, side{family: f})
		}
		d.sides[i].profiles = append(d.sides[i].profiles, name)
	}
}

func (d *draw) orient() {
	switch {
	case len(d.sides) >= 2:
		d.orientation = int(d.seed & 1)
		d.gen, d.adv = d.sides[d.orientation], d.sides[1-d.orientation]
	case len(d.sides) == 1:
		d.gen, d.adv = d.sides[0], d.sides[0]
	}
}

func (d *draw) pin(role string) string { return d.opts.Roles[role].Profile }

// applyPins lets a pinned generator or adversary fix its side.
func (d *draw) applyPins() {
	genPin := d.pin(roleGenerator)
	advPin := cmpOr(d.pin(roleCompressor), d.pin(roleAttacker))
	if genPin != "" {
		d.gen = d.sideOf(genPin)
	}
	if advPin != "" {
		d.adv = d.sideOf(advPin)
	}
	if d.gen.family != d.adv.family || (genPin != "") == (advPin != "") {
		return
	}
	d.orientation = -1 // a pin decided the sides, not the seed
	if genPin != "" {
		d.adv = d.otherThan(d.gen.family, d.adv)
	} else {
		d.gen = d.otherThan(d.adv.family, d.gen)
	}
}

// sideOf is the pinned profile's family side, the pinned profile first.
func (d *draw) sideOf(pinned string) side {
	s := side{family: d.families[pinned], profiles: []string{pinned}}
	for _, name := range d.opts.Pool {
		if d.families[name] == s.family && !slices.Contains(s.profiles, name) {
			s.profiles = append(s.profiles, name)
		}
	}
	return s
}

func (d *draw) otherThan(family string, fallback side) side {
	for _, s := range d.sides {
		if s.family != family {
			return s
		}
	}
	return fallback
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
