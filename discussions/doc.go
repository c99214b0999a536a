// Package discussions publishes a protocol-neutral decision.Decision to a repository's GitHub
// Discussions and keeps the record findable: the decision body, one comment per phase,
// labels, the answer mark, a forward link on the decision it supersedes, a "Decision log"
// discussion, a prior-decision check before a session spends anything, and optionally one
// issue per deferred item. It knows nothing of protocols; everything it needs is in the
// Decision. GraphQL goes through shurcooL/githubv4, the one REST call (issues) through
// go-github, both over internal/github's Transport, the write layer every GitHub request of
// war-room shares.
//
// # Publishing
//
//	p := discussions.New(discussions.Options{GraphQLURL: gql, APIURL: api, HTTPClient: hc,
//		Login: "my-app[bot]", State: discussions.RecordState{Store: store},
//		Category: cfg.Category, Labels: cfg.Labels, MutationSpacing: cfg.MutationSpacing})
//	res, err := p.Publish(ctx, discussions.Request{Repo: repo, Decision: d, Supersedes: n})
//
// res.Skipped says why nothing was published (Discussions disabled, no such category; a
// category is never created). Publish is safe to call again after any failure, from the same
// process or a new one over the same StateStore: every body and comment starts with a hidden
// marker (<!-- war-room:session=ID part=NAME -->), a write's intent is stored before it is
// sent and its node ID right after, and a retry lists the category's discussions (never
// search, which lags) and, when an outcome is unknown, the discussion's comments, trusting
// markers only on writes by Login. Writes are spaced by MutationSpacing from every other
// write of the same installation or token in the process (and across replicas with a
// shared limiter); failures are classified (*APIError: permanent, transient, rate-limited)
// and waited out as GitHub asks: Retry-After, else x-ratelimit-reset, else at least a
// minute, doubling. A GraphQL errors array is always a failure. A finished publish costs no
// request.
//
// Login matters: GitHub refuses `viewer` to App installation tokens, so an App passes its bot
// login ("name[bot]") and an Actions GITHUB_TOKEN "github-actions[bot]"; only a personal token
// may leave it empty.
//
// Rendering (Render, Title) uses templates embedded from templates/ and passes every text
// that came from a model or a person through Safe: @-mentions are neutralised with a
// zero-width joiner (no one is notified), HTML comments (hence forged markers) and /war-room
// commands are broken open the same way, token-shaped secrets are redacted. Bodies keep to
// 2,000 words, comments to 500, everything to GitHub's 65,536 characters, with an explicit
// truncation note naming where the full record is.
//
// # Prior-decision check
//
// The check runs before a session spends anything, in whoever starts the session (the bot,
// the CLI). Inside a run:
//
//	find := func(ctx context.Context) ([]discussions.PriorMatch, error) {
//		return p.FindPrior(ctx, repo, question)
//	}
//	choice, err := discussions.CheckPriorRun(ctx, run, discussions.PriorMode(cfg.PriorCheck), find)
//
// CheckPriorRun stores the search as a durable step and asks at the gate PriorGateKey with
// run.Gate; with nobody to answer, err is the run's *engine.GateError (pass it up: the session
// pauses) and a resumed run asks about the same matches. CheckPrior is the same with any
// Gater and search function. The answers are "reaffirm #N" (choice.Action PriorReaffirm:
// store ReaffirmedDecision as decision.json, finish the run, and call Reaffirm to note it on
// #N — no deliberation), "proceed" (one match) or "proceed #N" (PriorSupersede: deliberate,
// then Publish with Supersedes N, which says so in the body and links #N forward), and "skip"
// (PriorNone: deliberate with no link). Mode inform returns the matches without asking; off
// does not search. PriorFromGate reads a stored answer back for a later, separate publish.
//
// Only a discussion created by Login whose body opens with the body marker and the meta line
// is a prior decision (PriorMatch.Ours, choice.Matches). Anything else the search finds is a
// related discussion (choice.Related, RelatedNote): never a choice, never the reason a gate
// opens, and never written to; Reaffirm and Publish's Supersedes check the target again and
// refuse (ErrNotOurDecision) or drop the link with a warning.
//
// # Decision log
//
// After each publish the "Decision log" discussion in the same category is rebuilt from the
// category itself (our own decision bodies, whose hidden meta line carries the type and what
// they supersede) and rewritten only when its table changed. Being rebuilt from GitHub, it
// never drops a decision published from another machine; two publishes racing on one
// repository can each miss the other's row until the next publish repairs it.
package discussions
