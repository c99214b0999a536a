// Package evidence answers a seat's request to look something up in the repository the
// session is about: a fixed allowlist of read-only probes (read a file or a range of its
// lines, search for a text, list a directory, the log of a path) run on the repository at the
// session's commit, each bounded in time and in output, with no network, no writes and no
// command outside the list. Anything else asked for is refused, and the refusal is recorded
// like an answer. Results are untrusted data: protocols feed them to models fenced.
package evidence
