// Package memory is the standing team's member memory: what a repository (on GitHub) or a
// project (on a laptop) has settled, kept where people can read and correct it, never inside
// a provider. An item is admitted only from one of four sources — a constraint a maintainer
// confirmed, a file on the default branch (by path and blob SHA), a recorded war-room
// decision that nothing superseded, an outcome a maintainer recorded for a past decision —
// and only once a person approved it: a proposal is rejected until reviewed, and a seat's
// opinion or a single session's conclusion is no source at all. Every item is stamped with
// who wrote its text (a model family, or a maintainer), and reaches a seat's prompt as
// fenced data with its source, in the third person when another provider wrote it.
package memory
