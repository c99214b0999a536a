package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/engine/provider"
)

// refusalRecordKind is the store record kind a model's refused settings are kept under, one
// record per endpoint, model and setting: what a vendor refused once is not sent again, in
// this session or the next, on this machine or (with a shared database) any replica.
const refusalRecordKind = "model-refusal"

// refusal is what a vendor refused, and when.
type refusal struct {
	Value string    `json:"value"`
	At    time.Time `json:"at"`
	Error string    `json:"error"`
}

// refusalKey names a profile's model at its endpoint, and the setting.
func refusalKey(p *Profile, param string) string {
	return strings.Join([]string{p.Type, p.Endpoint, p.Model, param}, "|")
}

// learned applies what earlier calls learned of the profile's model: an effort or thinking
// it refused is not sent, and one that refused streaming is asked for whole answers. A store that cannot say is no reason to refuse the call: it is
// sent as configured.
func (c *call) learned() {
	for _, param := range []string{"effort", "thinking", "stream"} {
		if refused, err := Refused(c.ctx, c.r.cfg.Store, c.p, param, c.r.Now()); err != nil || !refused {
			continue
		}
		switch param {
		case "effort":
			if c.spec.KeepEffort {
				continue // the caller checked Refused itself, and sends what it asked or nothing
			}
			c.effort = ""
		case "thinking":
			c.thinking = provider.ThinkingOff
		case "stream":
			c.whole = true
		}
	}
}

// learn records a setting the vendor refused and drops it from the call, so that the next
// attempt, and every later call, sends what the model takes. It says so once in the
// decision's notes; the ledger shows what each attempt asked and sent. ok is false when err
// is no such refusal.
func (c *call) learn(err error) bool {
	var pe *provider.Error
	if !errors.As(err, &pe) || pe.Class != provider.ClassInvalidRequest {
		return false
	}
	var param, refused string
	switch {
	case pe.Param == provider.ParamEffort && c.effort != "" && c.spec.KeepEffort:
		c.record("effort", string(c.effort), pe)
		return false // the call ends as the configuration error it is
	case pe.Param == provider.ParamEffort && c.effort != "":
		param, refused, c.effort = "effort", string(c.effort), ""
	case pe.Param == provider.ParamThinking && c.thinking != "" && c.thinking != provider.ThinkingOff:
		param, refused, c.thinking = "thinking", string(c.thinking), provider.ThinkingOff
	case pe.Param == provider.ParamStream && !c.whole:
		c.whole = true
		c.record("stream", "on", pe)
		c.r.noteOnce("refused:"+c.p.Name+":stream", fmt.Sprintf("%s (%s) refused a streamed request; war-room asks it for whole "+
			"answers from now on, so a cache warm-up waits for its whole first answer.", c.p.Name, c.p.Model))
		return true
	default:
		return false
	}
	c.record(param, refused, pe)
	key := map[string]string{"effort": "effort_levels: []", "thinking": "thinking: off"}[param]
	c.r.noteOnce("refused:"+c.p.Name+":"+param, fmt.Sprintf("%s (%s) refused the %s %q; war-room sends that model no %s from now on "+
		"(set providers.%s.%s to say so in the configuration).", c.p.Name, c.p.Model, param, refused, param, c.p.Name, key))
	return true
}

// record keeps what the vendor refused for later calls and sessions; a store that cannot keep
// it is said once.
func (c *call) record(param, value string, pe *provider.Error) {
	if perr := LearnRefusal(context.WithoutCancel(c.ctx), c.r.cfg.Store, c.p, param, value, pe, c.r.Now()); perr != nil {
		c.r.noteOnce("refusal-store:"+c.p.Name, fmt.Sprintf("What %s refused could not be recorded (%v); the next session will try it again.", c.p.Name, perr))
	}
}

// LearnRefusal records that p's model refused a setting ("effort", "thinking" or "stream") with value,
// as a call that meets the refusal does: later calls to that model at that endpoint, in any
// session using st, send none. war-room doctor records what its probe learns with it.
func LearnRefusal(ctx context.Context, st Store, p *Profile, param, value string, err error, at time.Time) error {
	if param != "effort" && param != "thinking" && param != "stream" {
		return fmt.Errorf("learn a refusal: unknown setting %q", param)
	}
	raw, _ := json.Marshal(refusal{Value: value, At: at, Error: err.Error()})
	return st.PutRecord(ctx, refusalRecordKind, refusalKey(p, param), raw)
}

// refusalLife is how long a recorded refusal holds: vendors add settings to their models, and
// a refusal learned once must not keep a model from a setting it has since learned to take.
const refusalLife = 30 * 24 * time.Hour

// Refused reports whether p's model is recorded, within the last refusalLife before now, as
// refusing a setting ("effort", "thinking" or "stream").
func Refused(ctx context.Context, st Store, p *Profile, param string, now time.Time) (bool, error) {
	raw, err := st.GetRecord(ctx, refusalRecordKind, refusalKey(p, param))
	switch {
	case errors.Is(err, ErrNotFound):
		return false, nil
	case err != nil:
		return false, err
	}
	var r refusal
	if err := json.Unmarshal(raw, &r); err != nil {
		return false, fmt.Errorf("read a recorded refusal: %w", err)
	}
	return now.Sub(r.At) < refusalLife, nil
}
