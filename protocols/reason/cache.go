package reason

import "slices"

// Which of a call's prompt prefixes a later call reads again. A vendor charges more to write a
// prompt cache entry than to read the prompt plainly, so a prefix is worth marking only when a
// later call on the same profile sends it byte for byte. The chain knows every call it will
// make (its slots) and what each is fed (fedNames mirrors deliberate's composition), so it can
// tell the engine, per call, how many leading inputs are read again (engine.CallSpec.CacheUpTo).

// fedNames are the names of the inputs slot is fed, in order, as deliberate feeds them.
func (p Plan) fedNames(slot Slot) []string {
	base := []string{InputQuestion, InputFacts, InputConstraints}
	var papers, maps, passes []string
	for _, s := range p.Slots {
		switch {
		case s.Role == roleGenerator:
			papers = append(papers, s.Input())
		case s.Role == roleCompressor && s.Pass < slot.Pass:
			maps = append(maps, s.Input())
		}
		if (s.Role == roleCompressor || s.Role == roleAttacker) && s.Pass > 0 {
			passes = append(passes, s.Input())
		}
	}
	switch slot.Role {
	case roleCompressor:
		return slices.Concat(base, papers, maps)
	case roleAttacker:
		own, _ := p.Slot(keyClaimMap(slot.Pass))
		return slices.Concat(base, []string{InputCallerPosition}, papers, []string{own.Input()})
	case roleSynthesizer:
		premise, _ := p.Slot(keyPremise)
		return slices.Concat(base, []string{premise.Input()}, papers, passes)
	}
	return base // the premise check and the generators
}

// cacheUpTo is how many of key's leading inputs a call made after it, on the same profile,
// is fed as well; -1 when none is (the engine then marks no cache break).
func (p Plan) cacheUpTo(key string) int {
	i := slices.IndexFunc(p.Slots, func(s Slot) bool { return s.Key == key })
	if i < 0 {
		return 0
	}
	mine, slot := p.fedNames(p.Slots[i]), p.Slots[i]
	best := 0
	for _, later := range p.Slots[i+1:] {
		if later.Profile != slot.Profile || opening(later) && opening(slot) {
			continue // another profile's cache, or a call of the same round (nothing is written yet)
		}
		theirs := p.fedNames(later)
		n := 0
		for n < len(mine) && n < len(theirs) && mine[n] == theirs[n] {
			n++
		}
		best = max(best, n)
	}
	if best == 0 {
		return -1
	}
	return best
}

// opening reports whether s runs in the chain's first round (the premise check and the
// generators, together).
func opening(s Slot) bool { return s.Role == rolePremise || s.Role == roleGenerator }
