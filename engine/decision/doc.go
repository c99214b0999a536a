// Package decision is the record every protocol ends in, as data: the decision with its
// options, dissent, panel, positions and phase summaries, the protocol's own sections, the
// baseline vote beside it, and the markdown a terminal or a file shows of it. It knows no
// protocol, no store and no renderer for GitHub; the engine stamps and seals it.
package decision
