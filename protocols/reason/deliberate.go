package reason

import (
	"context"
)

// deliberate runs the generator(s), every compressor+attacker pass and the synthesizer.
func (c *chain) deliberate(ctx context.Context) error {
	c.r.Phase("position")
	papers := c.papers()
	// The generators take the same inputs and none of each other's answers: one round (begun
	// beside the premise check by the opening, whose stored answers this reads).
	for i, key := range papers {
		if _, err := c.keep(ctx, key, c.opened[i].a, c.opened[i].err); err != nil {
			return err
		}
	}
	known := c.claims()
	var passKeys []string
	for pass := 1; pass <= c.plan.Passes; pass++ {
		keys, err := c.pass(ctx, pass, papers, known)
		if err != nil {
			return err
		}
		passKeys = append(passKeys, keys...)
	}
	c.r.Phase("synthesis")
	inputs := append(c.base(), c.artifacts(append(append([]string{keyPremise}, papers...), passKeys...)...)...)
	_, err := c.call(ctx, keySynthesis, inputs, c.synthesisTask(), c.checkSynthesis)
	return err
}

// claims lists the claim identifiers of the papers as the compressor cites them.
func (c *chain) claims() []string {
	ids := claimIDs(c.done[keyPosition].Text)
	if b, ok := c.done[keyPositionB]; ok {
		for _, id := range claimIDs(b.Text) {
			ids = append(ids, "B."+id)
		}
	}
	return ids
}

// pass runs one compressor and one attacker. The compressor sees the papers and earlier
// claim maps, never an attack (an attack may quote the caller's position); the attacker alone
// receives CALLER_POSITION.
func (c *chain) pass(ctx context.Context, pass int, papers, known []string) ([]string, error) {
	c.r.Phase("claim map")
	var earlier []string
	for p := 1; p < pass; p++ {
		earlier = append(earlier, keyClaimMap(p))
	}
	mapKey := keyClaimMap(pass)
	inputs := append(c.base(), c.artifacts(append(append([]string{}, papers...), earlier...)...)...)
	cm, err := c.call(ctx, mapKey, inputs, compressorTask(len(papers) > 1, len(earlier) > 0), func(text string) error {
		_, err := attackVector(text, known)
		return err
	})
	if err != nil {
		return nil, err
	}
	targets, _ := attackVector(cm.Text, known)
	c.r.Phase("attack")
	inputs = append(c.inputs(InputQuestion, InputFacts, InputConstraints, InputCallerPosition),
		c.artifacts(append(append([]string{}, papers...), mapKey)...)...)
	slot, _ := c.plan.Slot(mapKey)
	_, err = c.call(ctx, keyAttack(pass), inputs, attackerTask(slot.Input(), targets), func(text string) error {
		return checkAttack(text, targets)
	})
	return []string{mapKey, keyAttack(pass)}, err
}

// checkSynthesis is the synthesizer's contract. What the engine and the chain know (a premise
// a person chose to override, reduced independence) is stamped into the record by them; it
// is never demanded of the synthesizer's text.
func (c *chain) checkSynthesis(text string) error {
	if _, err := parseSynthesis(text); err != nil {
		return err
	}
	return nil
}
