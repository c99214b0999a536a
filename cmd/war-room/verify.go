package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/verify"
)

func init() {
	register(command{name: "verify", run: runVerify})
}

// runVerify recomputes everything a session stored: every step against the digest taken when
// it was written, every contribution of the Merkle DAG, and, for a finished session, the
// sealed record over steps, contributions and decision.json, whose root the decision carries
// and publishing posts. Exit 0 means everything recomputed; exit 1 names what did not, first
// thing first.
func runVerify(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "verify", "SESSION [--db FILE] [--json] | --repo OWNER/NAME (--discussion N | --check-run ID)")
	var cf commonFlags
	var gf githubFlags
	cf.register(fs)
	gf.register(fs, "verify a decision or a review lane published in OWNER/NAME from what GitHub serves (no local state; GITHUB_TOKEN)")
	number := fs.Int("discussion", 0, "with --repo: the discussion number of the published decision")
	checkRun := fs.Int64("check-run", 0, "with --repo: the id of a review lane's check run")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if gf.repo != "" || *number != 0 || *checkRun != 0 {
		switch {
		case len(pos) != 0:
			return usageErr("verify --repo OWNER/NAME takes no session id")
		case gf.repo == "":
			return usageErr("--discussion and --check-run need --repo OWNER/NAME")
		case (*number > 0) == (*checkRun > 0):
			return usageErr("verify --repo OWNER/NAME wants one of --discussion N or --check-run ID")
		case *checkRun > 0:
			return verifyCheckRun(ctx, e, cf, gf, *checkRun)
		}
		return verifyPublished(ctx, e, cf, gf, *number)
	}
	if len(pos) != 1 {
		return usageErr("verify takes exactly one session id")
	}
	st, err := cf.readStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := verify.Session(ctx, st, pos[0])
	if errors.Is(err, engine.ErrNotFound) {
		return exitErr(exitUsage, fmt.Errorf("no session %s in %s", pos[0], cf.dbPath(e)))
	}
	if err != nil {
		return err
	}
	if err := showVerify(e, cf.json, rep); err != nil {
		return err
	}
	if !rep.OK() {
		return exitErr(exitFailure, fmt.Errorf("session %s: %d value(s) do not match their content; the first: %s",
			pos[0], len(rep.Problems), rep.Problems[0].Describe()))
	}
	return nil
}

// verifyJSON is what verify prints with --json.
type verifyJSON struct {
	OK bool `json:"ok"`
	verify.Report
}

// showVerify prints a report as verify does: JSON with --json, else a line per problem.
func showVerify(e *env, asJSON bool, r verify.Report) error {
	if asJSON {
		return printJSON(e, verifyJSON{OK: r.OK(), Report: r})
	}
	printVerify(e, r)
	return nil
}

func printVerify(e *env, r verify.Report) {
	what := fmt.Sprintf("%d step(s), %d contribution(s)", r.Steps, r.Nodes)
	switch {
	case r.Sealed && r.Outcome == "result":
		what += ", lane result and request; root " + r.Root
	case r.Sealed:
		what += ", decision; root " + r.Root
		if r.Outcomes > 0 {
			what += fmt.Sprintf("; %d outcome(s) chained to it", r.Outcomes)
		}
	default:
		what += "; not sealed yet (no decision or result)"
	}
	if r.OK() {
		fmt.Fprintf(e.stdout, "OK %s: %s\n", r.Session, what)
		return
	}
	fmt.Fprintf(e.stdout, "FAILED %s: %s\n", r.Session, what)
	for _, p := range r.Problems {
		fmt.Fprintf(e.stdout, "  %s\n", p.Describe())
	}
}
