package reviewlane

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// review.effort_downgrade's answers, and how a result names no effort sent.
const (
	effortState = "state"
	effortNone  = "none"
)

// checkEffort compares the effort the lane asks with what its model takes: the profile's
// levels (the catalog's, or its effort_levels) and any level the vendor is recorded as having
// refused. A lower level, or none, is a downgrade: under review.effort_downgrade refuse (the
// default) the lane is blocked before any call, naming the key; under state it runs at that
// level, and the result and the check run say so. A level raised to the model's lowest is no
// downgrade.
func (l *lane) checkEffort(ctx context.Context) (bool, error) {
	asked := provider.Effort(l.req.Reviewer.Effort)
	if asked == "" {
		return false, nil
	}
	l.res.Reviewer.Effort = string(asked)
	p, err := l.d.Run.Profiles.Get(l.req.Reviewer.Profile)
	if err != nil {
		return true, fmt.Errorf("lane %s: %w", l.req.Lane, err)
	}
	sent, why := p.EffortFor(asked), ""
	switch {
	case len(p.EffortLevels) == 0:
		why = "takes no effort setting"
	case provider.Rung(sent) < provider.Rung(asked):
		why = "takes at most " + string(sent)
	}
	if refused, err := engine.Refused(ctx, l.d.Run.Store, p, "effort", l.now()); err == nil && refused && sent != "" {
		sent, why = "", "refused an effort setting when war-room last sent one"
	}
	if why == "" {
		return false, nil
	}
	model := cmp.Or(p.Model, "its model")
	if l.req.Reviewer.EffortDowngrade != effortState {
		return l.block(blockedEffortUnavailable, fmt.Sprintf("the lane asks effort %s, and %s on profile %s %s; "+
			"set review.effort_downgrade: state to run it at the level the model takes and say so, "+
			"or ask an effort it takes (levels: %s)", asked, model, p.Name, why, levels(p))), nil
	}
	l.res.Reviewer.EffortSent = cmp.Or(string(sent), effortNone)
	return false, nil
}

// levels lists the efforts a profile's model takes, for a person.
func levels(p *engine.Profile) string {
	if len(p.EffortLevels) == 0 {
		return "none"
	}
	out := make([]string, len(p.EffortLevels))
	for i, e := range p.EffortLevels {
		out[i] = string(e)
	}
	return strings.Join(out, ", ")
}

// effortLine is how the check run and the comment state a lane's effort, when it asked one.
func effortLine(r reviewerRecord) string {
	switch {
	case r.Effort == "":
		return ""
	case r.EffortSent == "" || r.EffortSent == r.Effort:
		return "Effort: " + r.Effort
	case lowered(r):
		return fmt.Sprintf("Effort: asked %s, **sent %s**: the model takes no higher (review.effort_downgrade: state)", r.Effort, r.EffortSent)
	}
	return fmt.Sprintf("Effort: asked %s, sent %s (the model's lowest)", r.Effort, r.EffortSent)
}

// lowered says the call sent less effort than the lane asked (review.effort_downgrade: state).
func lowered(r reviewerRecord) bool {
	return r.Effort != "" && r.EffortSent != "" && provider.Rung(provider.Effort(r.EffortSent)) < provider.Rung(provider.Effort(r.Effort))
}
