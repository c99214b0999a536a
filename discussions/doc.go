// Package discussions publishes a protocol-neutral engine.Decision to a repository's GitHub
// Discussions and keeps the record findable: the decision body, one comment per phase,
// labels, the answer mark, a "Decision log" discussion, a prior-decision check before a
// session spends anything, and optionally one issue per deferred item. It knows nothing of
// protocols; everything it needs is in the Decision.
//
// Everything published is rendered from templates embedded in the package (templates/) with
// model and user text passed through Safe first: @-mentions are neutralised, HTML comments
// (hence forged markers) and /war-room commands are broken, token-shaped secrets redacted.
package discussions
