// Package cli is a provider.Provider that runs a vendor's agent CLI (claude, codex, gemini) as
// a subprocess, one process per Complete call.
//
// It exists for people who have a CLI subscription rather than an API key, and for lanes that
// must use exactly the tool a human reviewer would. The adapter is deliberately narrow: no shell
// is ever involved (argv is a fixed slice), the prompt travels on stdin and never in argv (argv
// is visible to every user of the machine and bounded in size), the flags pinned for each CLI
// ask for a read-only, non-interactive run with JSON output, the child gets a scrubbed
// environment and, by default, an empty scratch directory as its working directory, and the
// whole process group is killed on timeout or cancellation and after every run, so that no
// helper the CLI spawned outlives the call.
package cli
