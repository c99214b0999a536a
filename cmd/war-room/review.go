package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/war-room/war-room/reviewlane"
)

func init() {
	register(command{name: "review", run: runReview})
}

// exitNoJudgment: no lane refuted, but at least one produced no judgment (transport, stale,
// blocked). It is not 1, so scripts never read a transport failure as a refutation.
const exitNoJudgment = 5

// exitPublishFailed: the lanes ran and their results were printed, but publishing check runs
// or comments failed.
const exitPublishFailed = 6

// exitNotRun: the lanes could not be built or run (git, GitHub, the state store): nothing was
// judged. Such a failure must not exit 1, which scripts read as a refutation.
const exitNotRun = 7

// reviewFlags are war-room review's flags.
type reviewFlags struct {
	common                             commonFlags
	base, head, contract, pr, repo, as string
	evidence                           string
	lanes                              laneList
	publish                            bool
}

// laneList collects repeated --lane flags.
type laneList []string

func (l *laneList) String() string     { return strings.Join(*l, ",") }
func (l *laneList) Set(v string) error { *l = append(*l, v); return nil }

func (f *reviewFlags) register(fs *flag.FlagSet) {
	f.common.register(fs)
	fs.StringVar(&f.base, "base", "", "base ref of a local diff (the diff is git diff BASE...HEAD)")
	fs.StringVar(&f.head, "head", "", "head ref of a local diff")
	fs.StringVar(&f.repo, "repo", ".", "local git checkout to diff in")
	fs.StringVar(&f.pr, "pr", "", "review a pull request on GitHub instead: owner/repo#N (GITHUB_TOKEN, GITHUB_API_URL)")
	fs.StringVar(&f.contract, "contract", "", "acceptance contract file to use instead of review.contract_path at the base")
	fs.Var(&f.lanes, "lane", "run a lane on this provider profile (repeatable; default: review.lanes)")
	fs.StringVar(&f.evidence, "evidence", "", "evidence directory (default: a new directory under review/ beside the state file)")
	fs.BoolVar(&f.publish, "publish", false, "with --pr: publish check runs and sticky comments (needs a token that may write checks)")
	fs.StringVar(&f.as, "as", "", "with --publish: the login the token acts as (default: github-actions[bot] in Actions, else asked of the API)")
}

var prRef = regexp.MustCompile(`^([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)#([1-9][0-9]*)$`)

func runReview(ctx context.Context, e *env, args []string) error {
	err := review(ctx, e, args)
	var xe *exitError
	if err == nil || errors.Is(err, flag.ErrHelp) || errors.As(err, &xe) {
		return err
	}
	return exitErr(exitNotRun, err)
}

func review(ctx context.Context, e *env, args []string) error {
	var f reviewFlags
	fs := newFlagSet(e, "review", "(--base REF --head REF | --pr owner/repo#N) [flags]")
	f.register(fs)
	flagsUsage := fs.Usage
	fs.Usage = func() { flagsUsage(); fmt.Fprint(fs.Output(), reviewExitCodes) }
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if err := f.check(pos); err != nil {
		return err
	}
	st, err := f.common.open(ctx, e)
	if err != nil {
		return exitErr(exitUsage, err) // the configuration or the --db path
	}
	defer st.Close()
	dir, err := f.evidenceDir(e)
	if err != nil {
		return err
	}
	opts, err := reviewlane.OptionsFromConfig(st.Config, st.Profiles, dir, f.lanes)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	opts.ContractFile = f.contract
	fmt.Fprintf(e.stderr, "evidence: %s\n", dir)
	if f.pr != "" {
		return f.reviewPR(ctx, e, st, opts)
	}
	src := reviewlane.LocalSource{Dir: f.repo, Base: f.base, Head: f.head}
	built, err := reviewlane.BuildLocal(ctx, src, opts)
	if err != nil {
		return err
	}
	results, err := f.dispatcher(e, st, src, "").DispatchAll(ctx, built.Requests)
	if err != nil {
		return printPartial(e, results, f.common.json, err)
	}
	return printReview(e, results, f.common.json)
}

func (f *reviewFlags) check(pos []string) error {
	switch {
	case len(pos) > 0:
		return usageErr("review takes no arguments, got %q", pos)
	case f.pr != "" && (f.base != "" || f.head != ""):
		return usageErr("give either --pr or --base/--head, not both")
	case f.pr == "" && (f.base == "" || f.head == ""):
		return usageErr("give --base REF and --head REF for a local diff, or --pr owner/repo#N")
	case f.pr != "" && !prRef.MatchString(f.pr):
		return usageErr("--pr wants owner/repo#N, got %q", f.pr)
	case f.publish && f.pr == "":
		return usageErr("--publish needs --pr")
	}
	return nil
}

// evidenceDir is --evidence, or a fresh directory beside the state file, kept after the run.
func (f *reviewFlags) evidenceDir(e *env) (string, error) {
	if f.evidence != "" {
		// Evidence files are created exclusively and never overwritten: say so up front.
		if entries, err := os.ReadDir(f.evidence); err == nil && len(entries) > 0 {
			return "", usageErr("--evidence %s is not empty: give a new or empty directory (evidence is never overwritten)", f.evidence)
		}
		return filepath.Abs(f.evidence)
	}
	parent := filepath.Join(filepath.Dir(f.common.dbPath(e)), "review")
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", fmt.Errorf("evidence directory: %w", err)
	}
	return os.MkdirTemp(parent, "lanes-")
}

// dispatcher wires the lanes; account is the login war-room publishes as ("" when unknown),
// whose own pull requests are not reviewed.
func (f *reviewFlags) dispatcher(e *env, st *setup, heads reviewlane.HeadSource, account string) *reviewlane.Dispatcher {
	// Lanes run concurrently, each its own session, sharing the progress printer (which
	// serialises itself).
	return &reviewlane.Dispatcher{Run: st.runConfig(e, nil), Heads: heads, Limits: reviewlane.LimitsFromConfig(st.Config),
		Account: account}
}

// laneClient is the review lanes' GitHub client from GITHUB_TOKEN and GITHUB_API_URL, through
// the one write layer with spacing between writes.
func laneClient(e *env, spacing time.Duration) (*reviewlane.Client, error) {
	api, token := e.getenv("GITHUB_API_URL"), e.getenv("GITHUB_TOKEN")
	return reviewlane.NewClient(e.githubClient(&http.Client{Transport: tokenTransport(token)}, tokenKey(api, token), spacing), api)
}

func (f *reviewFlags) reviewPR(ctx context.Context, e *env, st *setup, opts reviewlane.BuildOptions) error {
	m := prRef.FindStringSubmatch(f.pr)
	repo := m[1]
	number, _ := strconv.Atoi(m[2])
	gh, err := laneClient(e, st.Config.GitHub.WriteSpacing)
	if err != nil {
		return exitErr(exitUsage, err)
	}
	built, err := reviewlane.BuildFromPR(ctx, gh, repo, number, reviewlane.PullOptions{Drafts: st.Config.Review.Drafts}, opts)
	if err != nil {
		return err
	}
	// Who we publish as is settled before any model is paid for.
	self := ""
	if f.publish {
		if self, err = f.publishLogin(ctx, e, gh); err != nil {
			return exitErr(exitUsage, err)
		}
	}
	heads := reviewlane.PullHead{GitHub: gh, Repo: repo, Number: number}
	results, err := f.dispatcher(e, st, heads, self).DispatchAll(ctx, built.Requests)
	if err != nil {
		return printPartial(e, results, f.common.json, err)
	}
	// Results reach stdout even when publishing fails: nothing the lanes produced is lost.
	verdict := printReview(e, results, f.common.json)
	if f.publish {
		if err := reviewlane.PublishWith(ctx, gh, heads, self, results, reviewlane.PublishOptionsFromConfig(st.Config.Review)); err != nil {
			return exitErr(exitPublishFailed, fmt.Errorf("publish: %w", err))
		}
	}
	return verdict
}
