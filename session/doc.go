// Package session is the one session pipeline the CLI, the Action and the App all run: it
// creates or resumes a session through the protocols registry, checks for earlier decisions
// on the question (never finding the session's own discussion), runs the protocol, and
// publishes the sealed decision, or records a reaffirmation. A session that ended but was not
// fully published is completed by running it again, whatever interrupted it; a command (a
// comment, a dispatched run) maps to exactly one session through a claim in the store.
//
// Callers turn their input into a Request and the Outcome into whatever they show: cmd prints
// it, bot writes the thread's reply. Nothing protocol-specific lives here.
package session
