package bot

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/internal/safetext"
)

// Step outputs.
const (
	OutputSessionID     = "session-id"
	OutputDiscussionURL = "discussion-url"
	OutputDecision      = "decision"
	OutputLaneResults   = "lane-results"
)

// report sets the step outputs and writes the job summary for a session's outcome. The
// decision output is the protocol-neutral Decision record as JSON ("" when there is none).
func (d *Deps) report(out *runReport) {
	d.output(OutputSessionID, out.State.Session)
	d.output(OutputDiscussionURL, out.State.Discussion)
	decision := ""
	if out.Decision != nil {
		if raw, err := json.Marshal(out.Decision); err == nil {
			decision = string(raw)
		}
	}
	d.output(OutputDecision, decision)
	d.summary(sessionSummary(out))
	for _, n := range out.Notes {
		d.warning(n)
	}
}

// sessionSummary is the job summary of a session: what was asked, how it ended, and where
// the decision is. Model text appears only in a finished decision, made safe.
func sessionSummary(out *runReport) string {
	var b strings.Builder
	st := out.State
	fmt.Fprintf(&b, "## war-room · %s — %s\n\n", st.Protocol, st.Status.Text())
	fmt.Fprintf(&b, "**Question:** %s\n\n", safetext.Inline(safetext.FirstLine(st.Question, 300)))
	switch st.Status {
	case thread.StatusAwaiting:
		b.WriteString(thread.GateText(st.Gate))
	case thread.StatusFailed:
		detail := ""
		if out.Err != nil {
			detail = out.Err.Error()
		}
		fmt.Fprintf(&b, "**Failed** (%s): %s\n\n", out.Class, safetext.Inline(safetext.FirstLine(detail, 1000)))
	}
	if d := out.Decision; d != nil {
		fmt.Fprintf(&b, "### %s\n\n%s\n\n", safetext.Inline(safetext.FirstLine(d.Title, 256)), safetext.Quote(d.Outcome))
		if d.Confidence != "" {
			fmt.Fprintf(&b, "**Confidence:** %s\n\n", safetext.Inline(d.Confidence))
		}
	}
	if st.Discussion != "" {
		fmt.Fprintf(&b, "**Discussion:** %s\n\n", st.Discussion)
	}
	fmt.Fprintf(&b, "Session `%s` · seed %d (%s)\n", st.Session, st.Seed, st.SeedSource)
	return b.String()
}
