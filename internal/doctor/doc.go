// Package doctor checks a real provider setup before the first decision: for each built
// profile it makes the fewest calls that settle what works (a plain answer with the effort
// and thinking the profile would send, a cache write then read on Anthropic, a local server's
// context size) and reports one row per profile, with the configuration key that fixes each
// failed check. The CLI's `war-room doctor` and the bot's `/war-room doctor` both print its
// table.
package doctor
