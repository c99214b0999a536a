package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/safetext"
)

// Failure classes the bot reports besides a call's own (transport, refused,
// invalid-request, contract, budget, timeout).
const (
	classUsage         = "usage"
	classConfiguration = "configuration"
	classGitHub        = "github"
	classInternal      = "internal"
)

// classed is implemented by protocol failures that know their class.
type classed interface{ FailureClass() string }

// summarised is implemented by protocol failures that can say in one line, quoting no model
// text, what failed: each missing answer's role, profile and class.
type summarised interface{ Summary() string }

// errorClass names why a session failed, for the 😕 reply: a model call's class where a
// call failed, else what kind of thing broke.
func errorClass(err error) string {
	var c classed
	var ce *engine.CallError
	var ue *UsageError
	var cfg *configError
	switch {
	case errors.As(err, &c):
		return c.FailureClass()
	case errors.As(err, &ce):
		return ce.Class
	case errors.As(err, &ue):
		return classUsage
	case errors.As(err, &cfg):
		return classConfiguration
	case isGitHubFailure(err):
		return classGitHub
	case errors.Is(err, context.DeadlineExceeded):
		return ledger.ClassTimeout
	}
	return classInternal
}

// isGitHubFailure says whether err is GitHub failing or refusing a request.
func isGitHubFailure(err error) bool {
	_, ok := wr.AsAPIError(err)
	return ok
}

// threadDetail is a failure as the issue thread reads it. A model call's failure shows what
// precedes the provider's text (which phase, role and profile failed, its class, after how
// many attempts) and the HTTP status, never the text itself: a contract violation quotes the
// answer, a refusal the model's words, and any other error the endpoint's body, which a
// repository-configured endpoint could fill with whatever it holds. The rest is left to the
// run's log and job summary. A failure with a summary (a standing
// team that lost its quorum) is shown by it: every missing answer's role, profile and class.
// The detail is markdown fit to publish as it is: every part taken from the error passes
// through safetext, and runURL, war-room's own, stays a link.
func threadDetail(class string, err error, runURL string) string {
	what := map[string]string{ledger.ClassContract: "the answer broke its role's format",
		string(provider.ClassRefused): "the model or its vendor declined to answer"}[class]
	where := "the run's log"
	if runURL != "" {
		where = "the run's log (" + runURL + ")"
	}
	var sm summarised
	var ce *engine.CallError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &sm):
		return safetext.Inline(sm.Summary()) + "; " + where + " has each call's error."
	case what == "" && errors.As(err, &ce):
		// A provider's error text is never published: the endpoint may be one a repository
		// configured, and its body may quote anything it holds. The class and status say
		// what happened; the log has the rest.
		status := ""
		var pe *provider.Error
		if errors.As(err, &pe) && pe.Status != 0 {
			status = fmt.Sprintf(", status %d", pe.Status)
		}
		if m := failedCall.FindStringSubmatch(safetext.FirstLine(err.Error(), 2000)); m != nil {
			return fmt.Sprintf("%s%s; %s has the details.", safetext.Inline(m[1]), status, where)
		}
		return fmt.Sprintf("a model call failed (%s%s); %s has the details.", safetext.Inline(ce.Class), status, where)
	case what == "":
		return safetext.Inline(err.Error())
	}
	if m := failedCall.FindStringSubmatch(safetext.FirstLine(err.Error(), 2000)); m != nil {
		return fmt.Sprintf("%s: %s; %s has the details.", safetext.Inline(m[1]), what, where)
	}
	return fmt.Sprintf("a model call failed: %s; %s has the details.", what, where)
}

// failedCall is the part of a call failure's message that names the call, up to its attempt
// count ("… role attacker on profile gpt failed (contract) after 2 attempt(s)"); the error
// text after it is the provider's or the contract's, which may quote the model.
var failedCall = regexp.MustCompile(`^(.*? attempt\(s\)\)?)`)
