package engine

import (
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/provider"
)

// configError is a vendor's rejection of a setting that comes from the profile's
// configuration: the message says which key to set, on which profile.
type configError struct {
	profile, key, sent string
	err                error
}

func (e *configError) Error() string {
	return fmt.Sprintf("profile %s: the vendor rejected %s; set %s on profile %s: %v", e.profile, e.sent, e.key, e.profile, e.err)
}

func (e *configError) Unwrap() error { return e.err }

// explain turns an invalid-request error that names the effort or thinking into a
// configuration error naming the key that fixes it.
func (c *call) explain(err error) error {
	var pe *provider.Error
	if !errors.As(err, &pe) || pe.Class != provider.ClassInvalidRequest {
		return err
	}
	switch {
	case pe.Param == provider.ParamEffort && c.effort != "":
		return &configError{profile: c.p.Name, key: "effort_levels (the levels its model accepts, or [] for none)",
			sent: fmt.Sprintf("the effort level %q", c.effort), err: err}
	case pe.Param == provider.ParamThinking && c.thinking != "" && c.thinking != provider.ThinkingOff:
		return &configError{profile: c.p.Name, key: "thinking: off",
			sent: fmt.Sprintf("thinking %q", c.thinking), err: err}
	}
	return err
}

// contextError is a prompt that cannot fit the profile's context window.
type contextError struct {
	profile          string
	estimate, window int
}

func (e *contextError) Error() string {
	return fmt.Sprintf("profile %s: the prompt is about %d tokens, more than the %d of its context_tokens; "+
		"nothing was sent (raise context_tokens if the model's context is larger, or give a shorter context)",
		e.profile, e.estimate, e.window)
}

// bytesPerToken is the estimate's ratio. English prose runs near four bytes a token in the
// vendors' tokenizers; text that packs fewer bytes per token is underestimated, so a prompt
// refused is surely too long, and one sent may still be cut by a model that truncates.
const bytesPerToken = 4

// estimateTokens is a prompt's size before sending.
func estimateTokens(s ...string) int {
	n := 0
	for _, p := range s {
		n += len(p)
	}
	return (n + bytesPerToken - 1) / bytesPerToken
}

// estimate is what the call's prompt is expected to spend before any output: its estimated
// tokens, priced as input on a priced profile.
func (c *call) estimate() limits.Spend {
	n := int64(estimateTokens(c.pr.system, c.pr.user))
	usd, _ := c.p.Cost(provider.Usage{InputTokens: n})
	return limits.Spend{Tokens: n, USD: usd}
}

// fits refuses, with a ledger row and no request, a prompt that cannot fit the profile's
// context window.
func (c *call) fits() error {
	window := c.p.ContextTokens
	est := estimateTokens(c.pr.system, c.pr.user)
	if window <= 0 || est < window {
		return nil
	}
	err := &contextError{profile: c.p.Name, estimate: est, window: window}
	entry := c.entry(1)
	entry.Outcome, entry.ErrorClass, entry.ErrorText = ledger.OutcomeContextRefused, ledger.ClassContext, err.Error()
	return c.r.record(c.ctx, entry, err)
}
