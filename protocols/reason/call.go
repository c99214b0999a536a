package reason

import (
	"context"
	"fmt"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/limits"
)

// call makes the planned call for key as one durable step, stores its artifact and returns
// it. A resumed run returns the stored artifact without calling again.
func (c *chain) call(ctx context.Context, key string, inputs []engine.NamedText, task string,
	contract func(string) error) (Artifact, error) {
	a, err := c.step(ctx, key, inputs, task, contract)
	return c.keep(ctx, key, a, err)
}

// step is the durable call alone: it touches nothing of the chain but its plan, so calls that
// need none of each other's answers (the high-assurance generators) run it concurrently.
func (c *chain) step(ctx context.Context, key string, inputs []engine.NamedText, task string,
	contract func(string) error) (Artifact, error) {
	slot, ok := c.plan.Slot(key)
	if !ok {
		return Artifact{}, fmt.Errorf("reason: no planned call %s", key)
	}
	body, err := roleBody(slot.Role)
	if err != nil {
		return Artifact{}, err
	}
	return engine.Step(ctx, c.r, key, func(ctx context.Context) (Artifact, error) {
		timeout := c.callTimeout
		if timeout == 0 {
			timeout = limits.EffortTimeout(slot.Effort)
		}
		res, err := c.r.Call(ctx, engine.CallSpec{Role: slot.Role, Profile: slot.Profile,
			Effort: slot.Effort, System: body, Inputs: inputs, Task: task, Contract: contract,
			Timeout: timeout, TimeoutKey: "protocols." + SectionKey + ".timeouts.call", CacheUpTo: c.plan.cacheUpTo(key)})
		if err != nil {
			return Artifact{}, err
		}
		return Artifact{Key: key, Name: slot.Artifact, Text: res.Text, Attempts: res.Attempts, Scripted: res.Scripted, At: c.r.Now()}, nil
	})
}

// keep records a step's outcome in call order: the artifact and the chain's memory, or the
// failure report of a role that failed.
func (c *chain) keep(ctx context.Context, key string, a Artifact, err error) (Artifact, error) {
	slot, ok := c.plan.Slot(key)
	if !ok {
		return Artifact{}, fmt.Errorf("reason: no planned call %s", key)
	}
	if err != nil {
		p, _ := c.r.Profiles().Get(slot.Profile)
		err = failure(err, slot, p)
		if f, ok := err.(*ChainFailure); ok {
			if perr := c.r.PutArtifact(ctx, failureArtifact, []byte(f.Report())); perr != nil {
				return Artifact{}, fmt.Errorf("%w (and %v)", err, perr)
			}
		}
		return Artifact{}, err
	}
	// The artifact is the stored step's text again: made anew by a run that lost it.
	if err := c.r.PutArtifact(engine.Derived(ctx), slot.Artifact, []byte(a.Text)); err != nil {
		return Artifact{}, err
	}
	c.done[key] = a
	return a, nil
}

// base is what every role receives: the question, the facts and the constraints.
func (c *chain) base() []engine.NamedText {
	return c.inputs(InputQuestion, InputFacts, InputConstraints)
}

// inputs returns the named session inputs, verbatim.
func (c *chain) inputs(names ...string) []engine.NamedText {
	out := make([]engine.NamedText, 0, len(names))
	for _, n := range names {
		text, _ := c.s.Input(n)
		out = append(out, engine.NamedText{Name: n, Text: text})
	}
	return out
}

// artifacts returns completed artifacts by step key, named as later roles see them.
func (c *chain) artifacts(keys ...string) []engine.NamedText {
	var out []engine.NamedText
	for _, k := range keys {
		if a, ok := c.done[k]; ok {
			slot, _ := c.plan.Slot(k)
			out = append(out, engine.NamedText{Name: slot.Input(), Text: c.scrub.Scrub(a.Text), Shared: true})
		}
	}
	return out
}

// identities are what the chain withholds from one role's text before another reads it: the
// profile and the model of every call, so that no role learns which model wrote what it
// compresses, attacks or weighs (the manifest and the record say it afterwards).
func identities(plan Plan, ps engine.Profiles) []string {
	var out []string
	for _, s := range plan.Slots {
		out = append(out, s.Profile)
		if p, err := ps.Get(s.Profile); err == nil {
			out = append(out, p.Model)
		}
	}
	return out
}
