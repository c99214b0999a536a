package reviewlane

import (
	"fmt"
	"strings"

	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/safetext"
)

// CheckName is the check run's name for a lane.
func CheckName(lane string) string { return "war-room review / " + lane }

// Marker is the hidden line that starts a lane's sticky comment, by which it is found again.
func Marker(lane string) string { return wr.MarkerLine("lane=" + lane) }

// maxSummary keeps a check run summary under GitHub's 65535-character limit.
const maxSummary = 60000

// Conclusions are the check-run conclusions a repository chose: Refuted is
// review.refuted_conclusion ("failure", or "neutral"), Partial is review.partial ("neutral"
// by default, "success" or "failure").
type Conclusions struct{ Refuted, Partial string }

// Of maps a result to its check run's conclusion and title. A judged lane that was shown only
// part of the diff concludes as Partial says (neutral unless the repository chose otherwise),
// whatever its judgment, and its title says what it saw: a green check means the whole change
// was reviewed.
func (c Conclusions) Of(r *Result) (conclusion, title string) {
	switch r.Status {
	case StatusJudged:
		if r.Disposition == Confirmed {
			conclusion, title = "success", fmt.Sprintf("CONFIRMED by %s (%s)", r.Reviewer.Profile, r.Reviewer.Family)
		} else {
			conclusion = c.Refuted
			if conclusion != "neutral" {
				conclusion = "failure"
			}
			title = fmt.Sprintf("REFUTED by %s (%s): %d finding(s)", r.Reviewer.Profile, r.Reviewer.Family, len(r.Findings))
		}
		if lowered(r.Reviewer) {
			title += fmt.Sprintf(" at effort %s (asked %s)", r.Reviewer.EffortSent, r.Reviewer.Effort)
		}
		if cov := r.Coverage; cov != nil && !cov.Complete {
			conclusion = c.Partial
			if conclusion != "success" && conclusion != "failure" {
				conclusion = "neutral"
			}
			title += fmt.Sprintf(" on part of the diff: %d of %d files, %d of %d bytes", cov.FilesReviewed, cov.FilesTotal,
				cov.BytesReviewed, cov.BytesTotal)
		}
		return conclusion, title
	case statusStale:
		return "neutral", "stale: head moved to " + short(r.StaleHeadSHA)
	case statusBlocked:
		return "neutral", "blocked: " + string(r.BlockedReason) + " (no call made)"
	}
	return "neutral", "transport: " + string(r.TransportClass) + " (no judgment)"
}

// Report is the markdown body shared by the check run summary and the sticky comment. The
// summary (war-room's sentence, which may carry a clip of the answer) is an escaped phrase
// (safetext.Inline) and every finding a rendered one (safetext.Phrase: its code spans and
// emphasis show as written), so the report's own lines are the only structure in it.
func Report(r *Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", safetext.Inline(r.Summary))
	fmt.Fprintf(&b, "- Reviewer: `%s` (family %s%s), context `%s`\n", r.Reviewer.Profile, r.Reviewer.Family,
		modelNote(r.Reviewer), r.Reviewer.ContextID)
	fmt.Fprintf(&b, "- %s\n", focusLine(r.Focus, r.FocusFile))
	if line := effortLine(r.Reviewer); line != "" {
		fmt.Fprintf(&b, "- %s\n", line)
	}
	fmt.Fprintf(&b, "- Head: `%s` · request SHA-256 `%s` · provider calls: %d\n", r.HeadSHA, short(r.RequestSHA256), r.Calls)
	fmt.Fprintf(&b, "- %s\n", coverageLine(r))
	if root := r.Root(); root != "" {
		fmt.Fprintf(&b, "- Sealed record: root `%s`; `war-room verify %s` checks it where the lane ran", root, r.SessionID)
		if r.Repository != "" {
			fmt.Fprintf(&b, ", `war-room verify --repo %s --check-run ID` from the lane's check run", codeSafe(r.Repository))
		}
		b.WriteString("\n")
	}
	if r.Reviewer.Scripted {
		b.WriteString("- The reviewer was the scripted test provider: this text is not a model's review.\n")
	}
	if len(r.Findings) > 0 {
		b.WriteString("\nFindings:\n\n")
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "- **%s**%s %s\n", safetext.Inline(f.Severity), location(f), safetext.Phrase(f.Text))
		}
	}
	notReviewed(&b, r.Coverage)
	b.WriteString("\nThis is one lane's result. Each lane reports on its own; no combined verdict is formed.\n")
	return cutForLength(b.String(), "the result document has everything")
}

// cutForLength keeps s within maxSummary, saying where the rest is.
func cutForLength(s, rest string) string {
	if len(s) > maxSummary {
		s = s[:maxSummary] + "\n\n… (cut for length; " + rest + ")\n"
	}
	return s
}

// notReviewed lists the files of the diff the reviewer was not shown, and why.
func notReviewed(b *strings.Builder, c *Coverage) {
	if c == nil || len(c.Skipped) == 0 {
		return
	}
	b.WriteString("\nNot reviewed:\n\n")
	for i, f := range c.Skipped {
		if i == 50 {
			fmt.Fprintf(b, "- … and %d more (see the result document)\n", len(c.Skipped)-i)
			break
		}
		fmt.Fprintf(b, "- `%s` (%d bytes): %s\n", codeSafe(f.Path), f.Bytes, f.Reason)
	}
}

// commentBody is the sticky PR comment for a lane: the marker line first, then the report.
func commentBody(r *Result, c Conclusions) string {
	_, title := c.Of(r)
	return fmt.Sprintf("%s\n### %s: %s\n\n%s", Marker(r.Lane), CheckName(r.Lane), title, Report(r))
}

// coverageLine is the coverage shown to a person: a lane stopped before its call reviewed
// nothing, however much of the diff it would have shown.
func coverageLine(r *Result) string {
	if r.Status != statusStale && r.Status != statusBlocked {
		return r.Coverage.Line()
	}
	if r.Coverage == nil {
		return "Coverage: nothing was reviewed (no call was made)."
	}
	return fmt.Sprintf("Coverage: nothing was reviewed (no call was made); the diff has %d files, %d bytes.",
		r.Coverage.FilesTotal, r.Coverage.BytesTotal)
}

func modelNote(r reviewerRecord) string {
	if r.ModelReported != "" {
		return ", model " + codeSafe(r.ModelReported)
	}
	if r.Model != "" {
		return ", model " + codeSafe(r.Model)
	}
	return ""
}

func location(f Finding) string {
	switch {
	case f.File == "":
		return ""
	case f.StartLine > 0:
		return fmt.Sprintf(" `%s:%d-%d`", codeSafe(f.File), f.StartLine, f.Line)
	case f.Line > 0:
		return fmt.Sprintf(" `%s:%d`", codeSafe(f.File), f.Line)
	}
	return " `" + codeSafe(f.File) + "`"
}

// codeSafe fits untrusted text (a path, a model name) into a one-line code span: no backtick
// can close it, and what a parser of the raw body reads (a marker, a command) is defused.
func codeSafe(s string) string {
	return strings.NewReplacer("`", "'", "\n", " ", "\r", " ").Replace(safetext.Plain(s))
}
