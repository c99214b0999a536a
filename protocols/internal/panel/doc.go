// Package panel is what the panel protocols (war-room, the standing team) share: one seat's
// contribution and the gap a failed seat leaves, a phase fanned out over seats with its
// quorum, the anonymous labels contributions are shown under, the kit that assembles a seat's
// call from the session's inputs and scrubbed material, and the role registry over a
// protocol's embedded roles/*.md. A protocol built on it keeps its phases, prompts and
// contracts; the engine (Run.Execute) keeps the promises around them.
package panel
