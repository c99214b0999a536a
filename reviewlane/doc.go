// Package reviewlane runs independent review lanes on a change: one reviewer call per lane,
// bound to a pinned head SHA and to SHA-256 digests of the diff and the acceptance contract,
// with transport failures kept apart from judgments.
//
// It owns the review-request.v1 and review-lane-result.v1 documents (JSON Schemas embedded
// from schemas/ and published in docs/schemas/, checked on every read and write), streaming
// digests, the coverage manifest, evidence checks, the lane runner and the GitHub output
// (per lane: a check run with annotations, one COMMENT review per head with the findings on
// their lines, and one sticky comment). It decides nothing beyond one lane: there is
// no panel verdict, and a lane that could not judge says so rather than guessing.
//
// # Call sequence
//
// For a pull request event (the Action, the App, or `war-room review --pr`):
//
//	gh, _ := reviewlane.NewClient(httpClientWithToken, os.Getenv("GITHUB_API_URL"))
//	opts, _ := reviewlane.OptionsFromConfig(cfg, profiles, evidenceDir, nil)
//	built, err := reviewlane.BuildFromPR(ctx, gh, "owner/repo", number,
//		reviewlane.PullOptions{HeadSHA: event.PullRequest.Head.SHA, Drafts: cfg.Review.Drafts}, opts)
//	// errors.Is(err, reviewlane.ErrDraft): nothing to review.
//	d := &reviewlane.Dispatcher{Run: runConfig, Limits: reviewlane.LimitsFromConfig(cfg),
//		Heads: reviewlane.PullHead{GitHub: gh, Repo: "owner/repo", Number: number}}
//	results, err := d.DispatchAll(ctx, built.Requests)
//	err = reviewlane.PublishWith(ctx, gh, d.Heads, "<our bot login>", results, reviewlane.PublishOptionsFromConfig(cfg.Review))
//
// For a local checkout, BuildLocal with a LocalSource replaces BuildFromPR, and the
// LocalSource is also the Dispatcher's HeadSource. Build and dispatch may run in different
// processes: everything Dispatch needs is in the request file and the files it names.
//
// # What each step guarantees
//
// Building writes the diff and the contract beneath the evidence directory while hashing
// them, draws a 128-bit nonce per lane from crypto/rand and writes each lane's request once,
// read-only. The contract is read at the base commit; a missing one is replaced by the
// documented default and recorded as such.
//
// Dispatch re-hashes both files (a mismatch blocks the lane), applies the diversity mode
// (cross-family blocks a reviewer of the author's family), re-reads the head (a moved head
// makes the lane stale) and only then makes the one call, as its own engine session with
// protocol "review-lane", so the ledger records it. The prompt is the role body, the fenced
// contract and diff, and trusted task text carrying nonce=<hex>. A disposition exists only
// when the answer's last non-empty line, outside any code fence, is exactly
// "JUDGMENT: CONFIRMED nonce=<hex>" or "JUDGMENT: REFUTED nonce=<hex>" with the lane's nonce;
// anything else is a transport-class result with no disposition.
//
// Publishing maps CONFIRMED to success, REFUTED to failure (or neutral by configuration) and
// every other status to neutral, on the pinned SHA only. A judged lane on the current head
// also gets one review for that head: findings in the diff (Finding.InDiff) as line
// comments, the others in its body, none already open (by Finding.Fingerprint, carried in
// hidden markers), the open ones no longer reported marked outdated.
package reviewlane
