package reviewlane

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/war-room/war-room/engine"
)

// The checks a lane passes before its call. Each returns stop=true when the lane ends here
// (its result already filled in), or an error when it cannot be run at all.

// checkDigests re-reads both files in one pass each and compares them with the request.
func (l *lane) checkDigests(context.Context) (bool, error) {
	contract, err := os.ReadFile(l.req.Contract.Path)
	if err != nil {
		return l.block(blockedDigestMismatch, "the acceptance contract cannot be read: "+err.Error()), nil
	}
	if d, _ := hashReader(bytesReader(contract)); d.SHA256 != l.req.Contract.SHA256 {
		return l.block(blockedDigestMismatch, fmt.Sprintf("acceptance contract %s has SHA-256 %s, the request says %s",
			l.req.Contract.Path, d.SHA256, l.req.Contract.SHA256)), nil
	}
	diff, err := scanDiff(l.req.Diff.Path, l.req.MaxDiff, l.req.Paths)
	if err != nil {
		return l.block(blockedDigestMismatch, "the diff cannot be read: "+err.Error()), nil
	}
	if diff.digest.SHA256 != l.req.Diff.SHA256 {
		return l.block(blockedDigestMismatch, fmt.Sprintf("diff %s has SHA-256 %s, the request says %s",
			l.req.Diff.Path, diff.digest.SHA256, l.req.Diff.SHA256)), nil
	}
	if f := l.req.FocusFile; f != nil {
		focus, err := os.ReadFile(f.Path)
		if err != nil {
			return l.block(blockedDigestMismatch, "the lane's focus file cannot be read: "+err.Error()), nil
		}
		if d, _ := hashReader(bytesReader(focus)); d.SHA256 != f.SHA256 {
			return l.block(blockedDigestMismatch, fmt.Sprintf("focus file %s has SHA-256 %s, the request says %s", f.Path, d.SHA256, f.SHA256)), nil
		}
		l.focus = focus
	}
	l.contract, l.diff = contract, diff
	l.res.Coverage = &diff.coverage
	if diff.coverage.FilesReviewed == 0 {
		return l.block(blockedNothingToReview, "no file of the diff is within this lane's paths and size limit ("+
			strings.TrimSuffix(diff.coverage.Line(), ".")+"), so there is nothing to judge"), nil
	}
	return false, nil
}

// crossFamily judges the lane's cross-family rule with the engine's one independence judge:
// the reviewer is apart from every model family that wrote the change. An author family that
// is not known (a person) has nothing to be apart from. It returns why the rule fails, or nil.
func crossFamily(a Author, p *engine.Profile) []string {
	plan := engine.Plan{Titles: map[string]string{"author": "author", "reviewer": "reviewer"},
		Rule:  engine.Rule{Apart: []engine.Apart{{A: []string{"author"}, B: []string{"reviewer"}}}},
		Seats: []engine.Seat{{Key: "reviewer", Role: "reviewer", Profile: p.Name, Family: p.Family}}}
	for i, f := range a.Families() {
		if f != "" {
			plan.Seats = append(plan.Seats, engine.Seat{Key: fmt.Sprintf("author-%d", i), Role: "author",
				Profile: cmp.Or(a.Login, "the change"), Family: f})
		}
	}
	if j := plan.Judge(); !j.Conforming() {
		return j.Reasons
	}
	return nil
}

func (l *lane) checkDiversity(context.Context) (bool, error) {
	p, err := l.d.Run.Profiles.Get(l.req.Reviewer.Profile)
	if err != nil {
		return true, fmt.Errorf("lane %s: %w", l.req.Lane, err)
	}
	l.res.Reviewer.Family, l.res.Reviewer.Model = p.Family, p.Model
	if l.req.Diversity == "cross-family" {
		if why := crossFamily(l.req.Author, p); len(why) > 0 {
			return l.block(blockedSameFamily, fmt.Sprintf("diversity is cross-family and %s (the author's family from %s)",
				strings.Join(why, "; "), l.req.Author.Basis)), nil
		}
	}
	if why := l.sameContext(); why != "" {
		return l.block(blockedSameContext, "the reviewer's context is the author's own: "+why), nil
	}
	return false, nil
}

// sameContext compares the author's context with the reviewer's in the author's own
// namespace: the lane's engine session for a war-room author, the account war-room acts as
// for a GitHub author (logins ignore case). It says why they are the same, or "".
func (l *lane) sameContext() string {
	author := l.req.Author.ContextID
	switch {
	case author == l.res.Reviewer.ContextID:
		return "the lane's session " + strings.TrimPrefix(author, contextWarRoom) + " is the author's"
	case l.d.Account != "" && strings.EqualFold(author, contextGitHub+l.d.Account):
		return "the change was authored by " + l.d.Account + ", the account war-room reviews as"
	}
	return ""
}

// checkPreflight runs the preflight every session runs before its first call: the reviewer's
// key is accepted, its endpoint answers and its model exists, asked of the vendor's model
// endpoint (no model call). A profile that fails blocks the lane with nothing spent.
func (l *lane) checkPreflight(ctx context.Context) (bool, error) {
	err := l.session.Preflight(ctx, l.req.Reviewer.Profile)
	var pe *engine.PreflightError
	switch {
	case errors.As(err, &pe):
		return l.block(blockedPreflight, pe.Error()), nil
	case err != nil:
		return true, fmt.Errorf("lane %s: %w", l.req.Lane, err)
	}
	return false, nil
}

func (l *lane) checkHead(ctx context.Context) (bool, error) {
	if l.d.Heads == nil {
		return false, nil
	}
	head, err := l.d.Heads.CurrentHead(ctx)
	if err != nil {
		return true, fmt.Errorf("lane %s: re-read head: %w", l.req.Lane, err)
	}
	if head != l.req.HeadSHA {
		markStale(l.res, head)
		return true, nil
	}
	return false, nil
}

// markStale records that the head moved from the pinned SHA to head before the call.
func markStale(r *Result, head string) {
	r.Status, r.StaleHeadSHA = statusStale, head
	r.Summary = fmt.Sprintf("Stale: the head moved from %s to %s after the lane was built; no review was made.", r.HeadSHA, head)
}

// checkLaneDir finds the lane directory beneath the evidence root without following a link
// and remembers which directory it is: every evidence write must find the same one.
func (l *lane) checkLaneDir(context.Context) (bool, error) {
	ev, err := openLaneDirectory(l.req.EvidenceDir, l.dir)
	if err != nil {
		l.transport(classMissingEvidence, err.Error())
		return true, nil
	}
	ev.written = l.d.evidenceWritten
	l.ev = ev
	return false, nil
}

func (l *lane) block(reason blockedReason, detail string) bool {
	l.res.Status, l.res.BlockedReason, l.res.Detail = statusBlocked, reason, detail
	l.res.Summary = "Blocked before any call: " + detail + "."
	return true
}

func short(sha string) string { return sha[:min(len(sha), 12)] }
