// Package reason implements the five-role reasoning chain: premise check, generator,
// compressor, attacker and synthesizer, each one isolated provider call whose prompt is built
// only from its role body (roles/*.md) and the verbatim inputs and artifacts it is entitled
// to. The caller never writes a role prompt, only the attacker ever sees the caller's own
// position, and the ledger records which inputs each role was fed.
//
// The role assignment is drawn from the session seed (Assign, a pure function), independence
// is derived from the families of the resolved profiles (never from a label), and a
// reduced-independence run needs a human's approval before the first call.
package reason
