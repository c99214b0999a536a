package reviewlane

import (
	"cmp"
	"slices"

	"github.com/war-room/war-room/config"
)

// publishOptions say how lanes publish; zero values take the configuration's defaults.
type publishOptions struct {
	// RefutedConclusion is review.refuted_conclusion: "failure" (default) or "neutral".
	RefutedConclusion string
	// Partial is review.partial: "neutral" (default), "success" or "failure".
	Partial string
	// MinSeverity is review.min_severity (default minor): findings below it are in the
	// check run only.
	MinSeverity string
	// MaxComments is review.max_comments (default 20): line comments per lane and head.
	MaxComments int
	// BodyOnly names the lanes configured with inline: false.
	BodyOnly map[string]bool
}

// PublishOptionsFromConfig reads the review section.
func PublishOptionsFromConfig(r config.Review) publishOptions {
	o := publishOptions{RefutedConclusion: string(r.RefutedConclusion), Partial: string(r.Partial), MinSeverity: string(r.MinSeverity),
		MaxComments: r.MaxComments, BodyOnly: map[string]bool{}}
	for _, l := range r.Lanes {
		if !l.Inline {
			o.BodyOnly[l.Name] = true
		}
	}
	return o
}

// conclusions are the check-run conclusions these options choose.
func (o publishOptions) conclusions() Conclusions {
	return Conclusions{Refuted: o.RefutedConclusion, Partial: o.Partial}
}

func (o publishOptions) withDefaults() publishOptions {
	if o.RefutedConclusion != "neutral" {
		o.RefutedConclusion = "failure"
	}
	if severityRank(o.MinSeverity) < 0 {
		o.MinSeverity = string(config.DefaultMinSeverity)
	}
	if o.MaxComments <= 0 {
		o.MaxComments = config.DefaultMaxComments
	}
	return o
}

// severityRank orders severities, most severe first; -1 for an unknown one.
func severityRank(s string) int {
	return slices.Index([]string{"blocker", "major", "minor", "nit"}, s)
}

// Why a finding is in a review's body rather than on its line.
const (
	inBodyOffDiff  = "not on a line of the diff"
	inBodyMisplace = "its line does not hold the code it quotes"
	inBodyPastMax  = "past review.max_comments"
	inBodyNoInline = "this lane posts no line comments"
	inBodyRefused  = "GitHub would not place it on its line"
)

// bodyFinding is a finding for a review's body, with the reason it is there.
type bodyFinding struct {
	Finding
	why string
}

// outdatedFinding is an open finding the lane no longer reports.
type outdatedFinding struct {
	posted
	fp string
}

// reviewPlan is what one lane's review for one head will say: only findings not already
// open, at or above the least severity, and the open ones no longer reported.
type reviewPlan struct {
	comments []Finding
	body     []bodyFinding
	outdated []outdatedFinding
	// below counts the findings kept in the check run only.
	below int
}

func (p reviewPlan) empty() bool { return len(p.comments)+len(p.body)+len(p.outdated) == 0 }

// planReview decides where each of r's findings goes, given what the lane posted before.
func planReview(r *Result, o publishOptions, before prior) reviewPlan {
	var plan reviewPlan
	reported := map[string]bool{}
	var candidates []Finding
	for _, f := range r.Findings {
		if reported[f.Fingerprint] {
			continue // the same finding twice in one answer
		}
		reported[f.Fingerprint] = true
		switch _, open := before.open[f.Fingerprint]; {
		case open:
		case severityRank(f.Severity) > severityRank(o.MinSeverity):
			plan.below++
		case f.LineMismatch:
			plan.body = append(plan.body, bodyFinding{f, inBodyMisplace})
		case !f.InDiff:
			plan.body = append(plan.body, bodyFinding{f, inBodyOffDiff})
		case o.BodyOnly[r.Lane]:
			plan.body = append(plan.body, bodyFinding{f, inBodyNoInline})
		default:
			candidates = append(candidates, f)
		}
	}
	// The most severe findings get the lines; the rest go to the body.
	slices.SortStableFunc(candidates, func(a, b Finding) int { return severityRank(a.Severity) - severityRank(b.Severity) })
	for i, f := range candidates {
		if i < o.MaxComments {
			plan.comments = append(plan.comments, f)
		} else {
			plan.body = append(plan.body, bodyFinding{f, inBodyPastMax})
		}
	}
	for fp, p := range before.open {
		if !reported[fp] {
			plan.outdated = append(plan.outdated, outdatedFinding{p, fp})
		}
	}
	slices.SortFunc(plan.outdated, func(a, b outdatedFinding) int {
		if a.url != b.url {
			return cmp.Compare(a.url, b.url)
		}
		return cmp.Compare(a.fp, b.fp)
	})
	return plan
}

// refused moves every line comment to the body: GitHub would not anchor one of them.
func (p reviewPlan) refused() reviewPlan {
	for _, f := range p.comments {
		p.body = append(p.body, bodyFinding{f, inBodyRefused})
	}
	p.comments = nil
	return p
}
