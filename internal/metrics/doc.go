// Package metrics owns war-room serve's Prometheus series: what the webhook intake answered,
// how delivery jobs ran and waited, the model calls, tokens and spend of every session, the
// sessions themselves, and GitHub requests and retries. A Metrics implements each observer the
// App's parts report to (webhook.Observer, queue.Observer, events.Sink, and the GitHub
// hook of GitHubObserver), and serves them all, with the Go runtime's and the process's own,
// at Handler.
//
// Labels are bounded by construction: events and answers come from fixed sets, profiles and
// families from the configurations the App runs, GitHub kinds and outcomes from short fixed
// vocabularies. No series carries a repository, a user, a session id or any model text.
package metrics
