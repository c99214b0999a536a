package thread

import (
	"fmt"
	"strings"
	"time"

	"github.com/war-room/war-room/internal/safetext"
)

// Render is the progress comment of st before any call has been made: what a session's first
// write, and a reply that changes its state without running it, put on the thread.
func Render(st State) string { return (&progressView{state: st}).render() }

// render writes the comment: the state marker first (it must be the first line), then a
// heading, the question, the phase and the call table. Every piece of user text goes
// through safetext, so nothing in it can ping, hide text or forge a marker.
func (v *progressView) render() string {
	var b strings.Builder
	s := v.state
	b.WriteString(s.Marker() + "\n")
	fmt.Fprintf(&b, "### war-room · %s — %s\n\n", s.Protocol, s.Status.Text())
	fmt.Fprintf(&b, "> %s\n\n", safetext.Inline(safetext.FirstLine(s.Question, 200)))
	v.writeDisclosure(&b)
	switch s.Status {
	case StatusAwaiting:
		b.WriteString(GateText(s.Gate))
	case StatusCompleted:
		v.writeOutcome(&b)
	case StatusFailed:
		fmt.Fprintf(&b, "**Failed** (%s): %s\n\n", v.result.Class, safetext.FirstLine(v.result.Detail, 500))
	case StatusCancelled:
		b.WriteString("Cancelled: nothing more will run for this session.\n\n")
	}
	v.writeCalls(&b)
	for _, n := range v.result.Notes {
		fmt.Fprintf(&b, "> [!NOTE]\n> %s\n\n", safetext.Inline(n))
	}
	fmt.Fprintf(&b, "<sub>session `%s` · seed %d (%s)</sub>\n", s.Session, s.Seed, s.SeedSource)
	return b.String()
}

func (v *progressView) writeOutcome(b *strings.Builder) {
	switch {
	case v.result.Reaffirmed > 0 && v.result.DiscussionURL != "":
		fmt.Fprintf(b, "**Reaffirmed** decision [#%d](%s); no new deliberation was held.\n\n", v.result.Reaffirmed, v.result.DiscussionURL)
	case v.result.Reaffirmed > 0:
		fmt.Fprintf(b, "**Reaffirmed** decision #%d; no new deliberation was held.\n\n", v.result.Reaffirmed)
	case v.result.DiscussionURL != "":
		fmt.Fprintf(b, "**Decided.** The decision is published: %s\n\n", v.result.DiscussionURL)
	default:
		b.WriteString("**Decided.** The decision was not published to Discussions.\n\n")
	}
}

func (v *progressView) writeCalls(b *strings.Builder) {
	done, total := v.counts()
	if total == 0 && v.phase == "" {
		return
	}
	if v.phase != "" {
		fmt.Fprintf(b, "**Phase:** `%s` · ", v.phase)
	}
	fmt.Fprintf(b, "%d of %d calls finished\n\n", done, total)
	if total == 0 {
		return
	}
	b.WriteString("| step | role | profile | state |\n|---|---|---|---|\n")
	for _, c := range v.calls {
		fmt.Fprintf(b, "| %s | %s | %s | %s |\n", safetext.Inline(c.step), safetext.Inline(c.role), safetext.Inline(c.profile), c.stateText(v.state.Status))
	}
	b.WriteString("\n")
}

// stateText is a call's state; a call with no outcome when the session has stopped running
// never finished (the run failed or paused around it).
func (c callRow) stateText(s Status) string {
	retry := ""
	if c.attempts > 1 {
		retry = fmt.Sprintf(" (attempt %d)", c.attempts)
	}
	switch {
	case c.outcome == "" && s != StatusRunning:
		return "did not finish" + retry
	case c.outcome == "":
		return fmt.Sprintf("running %s%s", c.elapsed.Truncate(time.Second), retry)
	case c.outcome == "ok":
		return fmt.Sprintf("done in %s%s", c.elapsed.Truncate(100*time.Millisecond), retry)
	}
	return safetext.Inline(c.outcome) + retry
}

// Text is the status in the words a reader sees ("waiting for an answer").
func (s Status) Text() string {
	return map[Status]string{StatusRunning: "running", StatusAwaiting: "waiting for an answer",
		StatusCompleted: "done", StatusFailed: "failed", StatusCancelled: "cancelled"}[s]
}

// writeDisclosure lists, before any model is called, who receives the question and its
// material, and says so when the repository is private.
func (v *progressView) writeDisclosure(b *strings.Builder) {
	d := v.disclosure
	if d == nil {
		return
	}
	what := "The question"
	if len(d.Material) > 1 {
		what = "The question and " + safetext.Inline(strings.Join(d.Material[1:], ", "))
	}
	fmt.Fprintf(b, "%s go to these processors before any model answers:\n\n", what)
	for _, p := range d.Processors {
		fmt.Fprintf(b, "- %s: %s (%s family) at %s\n", safetext.Inline(p.Profile), safetext.Inline(p.Model), safetext.Inline(p.Family), safetext.Inline(p.Endpoint))
	}
	b.WriteString("\n")
	for _, line := range d.RouteLines() {
		b.WriteString(safetext.Inline(line) + "\n\n")
	}
	if d.Budget != "" {
		b.WriteString(safetext.Inline(d.Budget) + "\n\n")
	}
	if d.Source.Private {
		fmt.Fprintf(b, "> [!IMPORTANT]\n> %s is a private repository: this content leaves GitHub for the processors above.\n\n", safetext.Inline(d.Source.Repository))
	}
}
