package reviewlane

import (
	"fmt"
	"strings"

	"github.com/war-room/war-room/internal/safetext"
)

// draft renders the plan as the review to create.
func (p reviewPlan) draft(r *Result, o publishOptions) reviewDraft {
	d := reviewDraft{CommitID: r.HeadSHA, Body: p.renderBody(r, o)}
	for _, f := range p.comments {
		d.Comments = append(d.Comments, draftComment{Path: f.File, StartLine: f.StartLine, Line: f.Line,
			Body: findingMarker(r.Lane, f.Fingerprint, r.HeadSHA) + "\n" + commentLine(r.Lane, f)})
	}
	return d
}

// commentLine is a line comment's text: the severity, the lane and the finding.
func commentLine(lane string, f Finding) string {
	return fmt.Sprintf("**%s** · %s: %s", f.Severity, CheckName(lane), safetext.Phrase(f.Text))
}

// commentText is a line comment's text without its marker line.
func commentText(body string) string {
	_, rest, _ := strings.Cut(body, "\n")
	line, _, _ := strings.Cut(strings.TrimSpace(rest), "\n")
	return line
}

// body_ is the review's body: its marker, what it holds and where, the outdated findings
// and the coverage manifest.
func (p reviewPlan) renderBody(r *Result, o publishOptions) string {
	var bodyFPs, outdatedFPs []string
	for _, f := range p.body {
		bodyFPs = append(bodyFPs, f.Fingerprint)
	}
	for _, f := range p.outdated {
		outdatedFPs = append(outdatedFPs, f.fp)
	}
	var b strings.Builder
	_, title := o.conclusions().Of(r)
	fmt.Fprintf(&b, "%s\n### %s: %s\n\n", reviewMarkerWith(r.Lane, r.HeadSHA, bodyFPs, outdatedFPs), CheckName(r.Lane), title)
	fmt.Fprintf(&b, "At `%s`. ", r.HeadSHA)
	switch n := len(p.comments); n {
	case 0:
		b.WriteString("No new finding on a line of the diff.\n")
	case 1:
		b.WriteString("1 new finding is a comment on its line.\n")
	default:
		fmt.Fprintf(&b, "%d new findings are comments on their lines.\n", n)
	}
	if len(p.body) > 0 {
		b.WriteString("\nNew findings not on their lines:\n\n")
		for _, f := range p.body {
			fmt.Fprintf(&b, "- **%s**%s %s (%s)\n", f.Severity, location(f.Finding), safetext.Phrase(f.Text), f.why)
		}
	}
	if len(p.outdated) > 0 {
		fmt.Fprintf(&b, "\nOutdated: no longer reported at `%s`, left in place:\n\n", short(r.HeadSHA))
		for _, f := range p.outdated {
			b.WriteString("- " + outdatedLine(f) + "\n")
		}
	}
	if p.below > 0 {
		fmt.Fprintf(&b, "\n%d finding(s) below review.min_severity (%s) are in the check run only.\n", p.below, o.MinSeverity)
	}
	fmt.Fprintf(&b, "\n- %s\n", focusLine(r.Focus, r.FocusFile))
	if line := effortLine(r.Reviewer); line != "" {
		fmt.Fprintf(&b, "- %s\n", line)
	}
	fmt.Fprintf(&b, "- %s\n", coverageLine(r))
	notReviewed(&b, r.Coverage)
	b.WriteString("\nFindings already open from an earlier head are not posted again. This review only comments: it neither approves nor requests changes.\n")
	return cutForLength(b.String(), "the check run and the result document have everything")
}

func outdatedLine(f outdatedFinding) string {
	if f.text == "" {
		return fmt.Sprintf("a finding in the body of [the review at `%s`](%s)", short(f.head), f.url)
	}
	loc := location(Finding{File: f.path, StartLine: f.startLine, Line: f.line})
	return fmt.Sprintf("%s ([comment](%s), at `%s`): %s", strings.TrimSpace(loc), f.url, short(f.head), f.text)
}

// annotations are every finding of r on a file, for its check run: a finding with no line
// is on the file's first.
func annotations(r *Result) []annotation {
	levels := map[string]string{"blocker": "failure", "major": "failure", "minor": "warning", "nit": "notice"}
	var out []annotation
	for _, f := range r.Findings {
		if f.File == "" {
			continue
		}
		end := max(f.Line, 1)
		start := end
		if f.StartLine > 0 {
			start = f.StartLine
		}
		out = append(out, annotation{Path: f.File, StartLine: start, EndLine: end, Level: levels[f.Severity],
			Title: f.Severity + " · " + CheckName(r.Lane), Message: clip(safetext.Plain(f.Text), 4000)})
	}
	return out
}
