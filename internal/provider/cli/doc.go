// Package cli is a provider.Provider that runs a vendor's agent CLI (claude, codex, gemini) as
// a subprocess, one process per Complete call.
//
// It exists for people who have a CLI subscription rather than an API key, and for lanes that
// must use exactly the tool a human reviewer would. The adapter is deliberately narrow: no shell
// is ever involved (argv is a fixed slice), the prompt travels on stdin and never in argv (argv
// is visible to every user of the machine and bounded in size), the flags pinned for each CLI
// turn its tools off (so the model can read nothing but the prompt) and ask for a
// non-interactive run with JSON output, the child runs in an empty scratch directory and gets
// a scrubbed environment: the common variables, its own CLI's settings and login location,
// and an API key only when the profile names one (which moves the CLI from the subscription to
// API billing), never another vendor's key. The whole process group is killed on timeout or
// cancellation and after every run, so that no helper the CLI spawned outlives the call. What
// each CLI's flags do and do not guarantee is in docs/providers.md.
package cli
