// Package bot handles GitHub events for war-room, however they arrive: the Action hands it
// the event file the runner wrote, the App hands it verified webhook deliveries. One handler
// per event (issue_comment, pull_request, workflow_dispatch) turns a payload into work:
//
//   - a /war-room command on an issue or pull request: parsed by a pure function with a
//     per-protocol flag allowlist (Parse), authorised through the collaborator-permission API
//     before anything is spent (Authorize), acknowledged with reactions, followed in one
//     progress comment edited in place, and ended with a reply linking the published
//     Discussion — or, at a gate, with the question and the exact reply commands;
//   - a gate reply (/war-room proceed, approve, reaffirm #N, skip, cancel): the session's
//     identity, seed, question, flags and answers live in a hidden state marker in the
//     progress comment (trusted only on our own comments), so a one-shot runner with a fresh
//     store re-creates the session and continues;
//   - a pull request: the configured review lanes, or a neutral check where a fork gets no
//     provider credentials;
//   - a workflow_dispatch with a question: a deliberation with no issue.
//
// Three parts live in packages of their own: the App's HTTP intake (bot/webhook), its job
// queue on River (bot/queue, which hands this package's DeliveryWorker a queue.Job), and what
// a session keeps on its thread — the progress comment, the state marker, the gate text
// (bot/thread).
//
// The package is protocol-neutral: it reaches protocols only through the Protocols interface
// and publishes only the decision.Decision they return.
package bot
