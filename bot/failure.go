package bot

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
)

// Failure classes the bot reports besides a call's own (transport, refused,
// invalid-request, contract, budget, timeout).
const (
	ClassUsage         = "usage"
	ClassConfiguration = "configuration"
	ClassGitHub        = "github"
	ClassInternal      = "internal"
)

// classed is implemented by protocol failures that know their class.
type classed interface{ FailureClass() string }

// FailureClass names why a session failed, for the 😕 reply: a model call's class where a
// call failed, else what kind of thing broke.
func FailureClass(err error) string {
	var c classed
	var ce *engine.CallError
	var ue *UsageError
	var cfg *ConfigError
	var api *discussions.APIError
	switch {
	case errors.As(err, &c):
		return c.FailureClass()
	case errors.As(err, &ce):
		return ce.Class
	case errors.As(err, &ue):
		return ClassUsage
	case errors.As(err, &cfg):
		return ClassConfiguration
	case errors.As(err, &api):
		return ClassGitHub
	case errors.Is(err, context.DeadlineExceeded):
		return engine.ClassTimeout
	}
	return ClassInternal
}

// failureClass is FailureClass, falling back to the ledger: a protocol that reports a failed
// call in its own error type still left the call's class in the ledger.
func (r *sessionRun) failureClass(ctx context.Context, err error) string {
	class := FailureClass(err)
	if class != ClassInternal {
		return class
	}
	entries, lerr := r.run.Store().Ledger(context.WithoutCancel(ctx), r.run.Session().ID)
	if lerr != nil {
		return class
	}
	for i := len(entries) - 1; i >= 0; i-- {
		if e := entries[i]; e.ErrorClass != "" {
			return e.ErrorClass
		}
	}
	return class
}

// threadDetail is a failure as the issue thread reads it. The messages of two classes quote
// model output — a contract violation the answer that broke the format, a refusal the
// model's own words — and the thread shows no model text: for those it names the role and
// profile and leaves the message to the run's log and job summary.
func threadDetail(class string, err error, runURL string) string {
	what := map[string]string{engine.ClassContract: "did not answer in its role's format",
		string(provider.ClassRefused): "was declined by the model or its vendor"}[class]
	switch {
	case err == nil:
		return ""
	case what == "":
		return err.Error()
	}
	where := "the run's log"
	if runURL != "" {
		where = "the run's log (" + runURL + ")"
	}
	var ce *engine.CallError
	if errors.As(err, &ce) {
		return fmt.Sprintf("the call of role %s on profile %s %s; %s has the details.", ce.Role, ce.Profile, what, where)
	}
	return fmt.Sprintf("a model call %s; %s has the details.", what, where)
}
