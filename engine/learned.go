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
// it refused is not sent. A store that cannot say is no reason to refuse the call: it is
// sent as configured.
func (c *call) learned() {
	for _, param := range []string{"effort", "thinking"} {
		raw, err := c.r.cfg.Store.GetRecord(c.ctx, refusalRecordKind, refusalKey(c.p, param))
		if err != nil || len(raw) == 0 {
			continue
		}
		switch param {
		case "effort":
			c.effort = ""
		case "thinking":
			c.thinking = provider.ThinkingOff
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
	case pe.Param == provider.ParamEffort && c.effort != "":
		param, refused, c.effort = "effort", string(c.effort), ""
	case pe.Param == provider.ParamThinking && c.thinking != "" && c.thinking != provider.ThinkingOff:
		param, refused, c.thinking = "thinking", string(c.thinking), provider.ThinkingOff
	default:
		return false
	}
	value, _ := json.Marshal(refusal{Value: refused, At: c.r.Now(), Error: pe.Error()})
	if perr := c.r.cfg.Store.PutRecord(context.WithoutCancel(c.ctx), refusalRecordKind, refusalKey(c.p, param), value); perr != nil {
		c.r.noteOnce("refusal-store:"+c.p.Name, fmt.Sprintf("What %s refused could not be recorded (%v); the next session will try it again.", c.p.Name, perr))
	}
	key := map[string]string{"effort": "effort_levels: []", "thinking": "thinking: off"}[param]
	c.r.noteOnce("refused:"+c.p.Name+":"+param, fmt.Sprintf("%s (%s) refused the %s %q; war-room sends that model no %s from now on "+
		"(set providers.%s.%s to say so in the configuration).", c.p.Name, c.p.Model, param, refused, param, c.p.Name, key))
	return true
}
