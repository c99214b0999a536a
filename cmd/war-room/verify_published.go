package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/reviewlane"
)

// verifyPublished recomputes a published decision's record from what GitHub serves: every
// contribution, the decision, the root. No state file is opened.
func verifyPublished(ctx context.Context, e *env, cf commonFlags, gf githubFlags, number int) error {
	repo, p, err := gf.reader(e, &cf)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "verify: reading discussion #%d of %s and its record comments from GitHub…\n", number, repo)
	rec, err := p.ReadRecord(ctx, repo, number)
	if errors.Is(err, discussions.ErrNoRecord) {
		return exitErr(exitFailure, err)
	}
	if err != nil {
		return err
	}
	rep := rec.Report()
	if err := showVerify(e, cf.json, rep); err != nil {
		return err
	}
	if !rep.OK() {
		first := rep.Problems[0]
		return exitErr(exitFailure, fmt.Errorf("%s#%d: %d value(s) do not match what GitHub serves; the first, %s, is in %s",
			repo, number, len(rep.Problems), first.Describe(), rec.Where(nodeID(first))))
	}
	return nil
}

// nodeID is the id a contribution problem names, to find the comment that holds it.
func nodeID(p verify.Problem) string {
	if p.Kind == verify.ProblemContribution && len(p.Name) >= 16 {
		return `"id":"` + p.Name[:16] + `"`
	}
	return `"` + p.Kind + `"`
}

// verifyCheckRun recomputes a review lane's sealed record from its check run as GitHub
// serves it, and checks what the check run shows against the result it seals. No state file
// is opened.
func verifyCheckRun(ctx context.Context, e *env, cf commonFlags, gf githubFlags, id int64) error {
	if _, err := discussions.ParseRepo(gf.repo); err != nil {
		return exitErr(exitUsage, err)
	}
	if e.getenv("GITHUB_TOKEN") == "" {
		return usageErr("GITHUB_TOKEN is not set")
	}
	gh, err := laneClient(e, 0)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	fmt.Fprintf(e.stderr, "verify: reading check run %d of %s from GitHub…\n", id, gf.repo)
	cr, err := gh.CheckRun(ctx, gf.repo, id)
	if err != nil {
		return err
	}
	rep, err := reviewlane.VerifyCheckRun(cr)
	if err != nil {
		return exitErr(exitFailure, err)
	}
	if err := showVerify(e, cf.json, rep); err != nil {
		return err
	}
	if !rep.OK() {
		return exitErr(exitFailure, fmt.Errorf("%s check run %d: %d value(s) do not match what GitHub serves; the first: %s",
			gf.repo, id, len(rep.Problems), rep.Problems[0].Describe()))
	}
	return nil
}
