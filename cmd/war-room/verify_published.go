package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
)

// verifyPublished recomputes a published decision's record from what GitHub serves: every
// contribution, the decision, the root. No state file is opened.
func verifyPublished(ctx context.Context, e *env, cf commonFlags, gf githubFlags, number int) error {
	repo, err := discussions.ParseRepo(gf.repo)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	cfg, err := cf.discussionsConfig(e)
	if err != nil {
		return err
	}
	p, err := gf.publisher(e, cfg, nil)
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
	rep := engine.VerifyPublished(rec.PublishedRecord)
	rep.Problems = append(rep.Problems, rec.PublishedProblems()...)
	if cf.json {
		if err := printJSON(e, verifyJSON{OK: rep.OK(), Report: rep}); err != nil {
			return err
		}
	} else {
		printVerify(e, rep)
	}
	if !rep.OK() {
		first := rep.Problems[0]
		return exitErr(exitFailure, fmt.Errorf("%s#%d: %d value(s) do not match what GitHub serves; the first, %s, is in %s",
			repo, number, len(rep.Problems), first.Describe(), rec.Where(nodeID(first))))
	}
	return nil
}

// nodeID is the id a contribution problem names, to find the comment that holds it.
func nodeID(p engine.Problem) string {
	if p.Kind == engine.ProblemContribution && len(p.Name) >= 16 {
		return `"id":"` + p.Name[:16] + `"`
	}
	return `"` + p.Kind + `"`
}
