// Package thread is what war-room keeps on an issue's or pull request's thread for a session:
// the progress comment, which it edits in place as the calls run (throttled, one edit in
// flight, the disclosure written before the first call); the session's state, carried in
// that comment's marker so that a later job, or the next run of the Action, can continue the
// session; and the open gate with the reply commands that answer it. It reads no model text
// into the comment and trusts a marker only in a comment of war-room's own account.
package thread
