package reason

import "fmt"

// call is one call to lay out: its role, and the side and index its profile comes from.
type call struct {
	key, role, artifact string
	pass                int
	from                side
	index               int
}

// slots lays out the calls in chain order.
func (d *draw) slots() ([]Slot, error) {
	synth := d.gen
	if d.third != nil {
		synth = *d.third
	}
	calls := []call{
		{keyPremise, rolePremise, "PREMISE.md", 0, d.adv, 0},
		{keyPosition, roleGenerator, "POSITION.md", 0, d.gen, 0},
	}
	for pass := 1; pass <= d.opts.Passes; pass++ {
		swap := 0
		if pass > 1 {
			swap = int(d.seed >> (pass - 1) & 1)
		}
		calls = append(calls,
			call{keyClaimMap(pass), roleCompressor, passArtifact("CLAIM_MAP", pass), pass, d.adv, swap},
			call{keyAttack(pass), roleAttacker, passArtifact("ATTACK", pass), pass, d.adv, swap + 1})
	}
	calls = append(calls, call{keySynthesis, roleSynthesizer, "SYNTHESIS.md", 0, synth, 0})
	out := make([]Slot, 0, len(calls)+1)
	for _, c := range calls {
		slot, err := d.slot(c)
		if err != nil {
			return nil, err
		}
		out = append(out, slot)
	}
	if !d.opts.HighAssurance {
		return out, nil
	}
	b, err := d.secondGenerator(out)
	if err != nil {
		return nil, err
	}
	return append(out[:2], append([]Slot{b}, out[2:]...)...), nil
}

// slot resolves one call: a pinned profile stands, otherwise the i-th profile of side s.
func (d *draw) slot(c call) (Slot, error) {
	role := c.role
	slot := Slot{Key: c.key, Role: role, Artifact: c.artifact, Pass: c.pass}
	if pinned := d.pin(role); pinned != "" {
		slot.Profile, slot.Pinned = pinned, true
	} else if n := len(c.from.profiles); n > 0 {
		slot.Profile = c.from.profiles[c.index%n]
	} else {
		return slot, fmt.Errorf("role %s is not pinned and the pool is empty", role)
	}
	slot.Family = d.families[slot.Profile]
	slot.Effort, slot.EffortFrom = d.opts.Roles[role].Effort, "config"
	if slot.Effort == "" {
		slot.Effort, _ = defaultEffort(d.opts.EffortProfile, role)
		slot.EffortFrom = string(d.opts.EffortProfile)
	}
	return slot, nil
}

// secondGenerator picks the high-assurance generator's profile: never the first generator's;
// preferably a family no generator, compressor or attacker uses, then one no compressor or
// attacker uses, then any other profile in the pool.
func (d *draw) secondGenerator(planned []Slot) (Slot, error) {
	first, _ := findSlot(planned, keyPosition)
	adversary := map[string]bool{}
	for _, s := range planned {
		if s.Role == roleCompressor || s.Role == roleAttacker {
			adversary[s.Family] = true
		}
	}
	best, bestTier := "", 3
	for _, name := range d.opts.Pool {
		f := d.families[name]
		tier := 2
		switch {
		case name == first.Profile:
			continue
		case f != "" && !adversary[f] && f != first.Family:
			tier = 0
		case f != "" && !adversary[f]:
			tier = 1
		}
		if tier < bestTier {
			best, bestTier = name, tier
		}
	}
	if best == "" {
		return Slot{}, fmt.Errorf("%w: the pool has no profile other than %q", errNoSecondProfile, first.Profile)
	}
	b := first
	b.Key, b.Artifact, b.Profile, b.Family, b.Pinned = keyPositionB, "POSITION_B.md", best, d.families[best], false
	return b, nil
}

func findSlot(slots []Slot, key string) (Slot, bool) {
	return Plan{Slots: slots}.Slot(key)
}
