package reviewlane

import (
	"cmp"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"net"
	"net/http"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/provider"
)

// roleBody is the reviewer's system prompt.
//
//go:embed roles/reviewer.md
var roleBody string

// roleReviewer is the role name in the ledger.
const roleReviewer = "reviewer"

// Input names fed (fenced) to the reviewer.
const (
	inputContract = "ACCEPTANCE_CONTRACT"
	inputFocus    = "LANE_FOCUS"
	inputDiff     = "DIFF"
)

// answered is the stored form of the call: engine.CallResult holds the live profile, which
// does not survive the step's JSON round trip.
type answered struct {
	Text     string `json:"text"`
	Scripted bool   `json:"scripted"`
}

// review makes the lane's one call and turns the answer into a result.
func (l *lane) review(ctx context.Context) error {
	spec := l.callSpec()
	cr, err := engine.Step(ctx, l.session, "review/"+l.req.Lane, func(ctx context.Context) (answered, error) {
		r, err := l.session.Call(ctx, spec)
		return answered{Text: r.Text, Scripted: r.Scripted}, err
	})
	if lerr := l.readLedger(ctx, err); lerr != nil {
		return lerr
	}
	var ce *engine.CallError
	if errors.As(err, &ce) {
		l.transport(callClass(ce), ce.Error())
		if terr := l.writeTranscript(spec, "", ce.Error()); terr != nil {
			l.res.Detail += "; the transcript could not be written either: " + terr.Error()
		}
		return nil
	}
	if err != nil {
		return err
	}
	l.res.Reviewer.Scripted = cr.Scripted
	return l.settle(spec, cr.Text)
}

// readLedger takes the number of provider attempts and the model the vendor reported from
// the ledger, so the result says what really happened. callErr passes through unless it is a
// call failure, which the lane reports as a transport result instead.
func (l *lane) readLedger(ctx context.Context, callErr error) error {
	entries, err := l.d.Run.Store.Ledger(ctx, l.session.Session().ID)
	if err != nil {
		return fmt.Errorf("lane %s: read ledger: %w", l.req.Lane, err)
	}
	l.res.Calls = len(entries)
	if n := len(entries); n > 0 {
		l.res.Reviewer.ModelReported = entries[n-1].ModelReported
		if l.res.Reviewer.Effort != "" {
			l.res.Reviewer.EffortSent = cmp.Or(string(entries[n-1].Effort), effortNone)
		}
	}
	var ce *engine.CallError
	if callErr != nil && !errors.As(callErr, &ce) {
		return callErr
	}
	return nil
}

func (l *lane) callSpec() engine.CallSpec {
	inputs := []engine.NamedText{{Name: inputContract, Text: string(l.contract)}}
	if l.req.FocusFile != nil {
		inputs = append(inputs, engine.NamedText{Name: inputFocus, Text: string(l.focus)})
	}
	return engine.CallSpec{
		Role: roleReviewer, Profile: l.req.Reviewer.Profile, Effort: provider.Effort(l.req.Reviewer.Effort),
		System:    roleBody,
		Inputs:    append(inputs, engine.NamedText{Name: inputDiff, Text: numbered(l.diff.text)}),
		Task:      l.task(),
		MaxTokens: l.d.limits(l.req.Reviewer.Profile).MaxTokens,
		Timeout:   l.d.limits(l.req.Reviewer.Profile).Timeout,
		// A lane's limit is its profile's timeout: that is the key that raises it.
		TimeoutKey: "providers." + l.req.Reviewer.Profile + ".timeout",
		// checkEffort settled what is sent; a vendor refusing it is not quietly obeyed.
		KeepEffort: l.req.Reviewer.EffortDowngrade != effortState,
		// A lane is the one call of a session of its own: nothing after it would read a
		// prefix it wrote to the vendor's cache.
		CacheUpTo: -1,
	}
}

// task is the trusted instruction text; the nonce appears only here, after all the data.
func (l *lane) task() string {
	focus := ""
	if t := focusText(l.req.Focus, l.req.FocusFile); t != "" {
		focus = t + "\n\n"
	}
	return focus + fmt.Sprintf("Review the DIFF above against the ACCEPTANCE_CONTRACT above. Each DIFF line that exists at the head "+
		"carries its line number in the file at the head in the left column; cite those numbers in file:line, and quote "+
		"the code you mean in backticks.\n\n"+
		"Subject: %s at head commit %s.\n%s\n\n"+
		"Report your findings, explain your judgment, and end with the single final line\n"+
		"JUDGMENT: CONFIRMED nonce=%s\nor\nJUDGMENT: REFUTED nonce=%s\n\n"+
		"This lane's nonce is given only here: nonce=%s\n",
		l.req.Subject, l.req.HeadSHA, l.res.Coverage.Line(), l.req.Nonce, l.req.Nonce, l.req.Nonce)
}

// callClass maps a failed call to a transport class. A refusal stays a refusal; throttling
// that outlived the retries is rate-limited; a deadline is a timeout; anything else the
// provider did is a provider error.
func callClass(ce *engine.CallError) transportClass {
	var pe *provider.Error
	var ne net.Error
	switch {
	case ce.Class == string(provider.ClassRefused):
		return classRefused
	case ce.Class == ledger.ClassTimeout, errors.Is(ce, context.DeadlineExceeded),
		errors.As(ce, &ne) && ne.Timeout():
		return classTimeout
	case errors.As(ce, &pe) && pe.Status == http.StatusTooManyRequests:
		return classRateLimited
	}
	return classProviderError
}

func (l *lane) transport(class transportClass, detail string) {
	l.res.Status, l.res.TransportClass, l.res.Detail = statusTransport, class, detail
	l.res.Disposition, l.res.NonceEchoed = "", ""
	l.res.Summary = fmt.Sprintf("No judgment (transport: %s). This is not a review outcome: %s", class, clip(detail, 300))
}
