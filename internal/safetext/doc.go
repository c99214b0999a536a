// Package safetext is war-room's one sanitiser for untrusted text (model output, an issue's
// question, a diff's file names) on its way to a reader: Discussions bodies and comments,
// issue and pull request comments, check runs and their annotations, job summaries and the
// CLI's --json output all pass through it.
//
// Model text is never escaped into literal characters any more: Markdown parses it as
// GitHub-flavoured markdown (goldmark) and writes it again from an allowlist, so a reader sees
// it as its author wrote it, inside a section it cannot leave. Phrase, Cell, Words and Headline
// are the same parse for one line, a table cell, a name inside war-room's own markup and the
// first sentence of an answer.
//
// The other entry points, one per kind of place the text lands:
//
//   - Redact: text read by a program (JSON), changed only where a secret would be echoed.
//   - Plain: text GitHub shows without rendering markdown (titles, annotation messages),
//     redacted and defused: no mention, reference, command or marker survives.
//   - Inline: a phrase inside war-room's own markdown (a table cell, a list item, a sentence),
//     defused and kept on one line with every markdown character escaped, so it is words
//     and never structure.
//   - Quote: a multi-line text rendered by Markdown inside a blockquote it cannot leave.
//   - Code: a text that must be read exactly (an error message) as a fenced code block with
//     a fence longer than any run of backticks in it.
//
// It imports only the standard library and goldmark, so every package can use it without an
// import cycle.
package safetext
