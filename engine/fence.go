package engine

import (
	"strings"

	"github.com/war-room/war-room/engine/promptsafe"
)

// NamedText is one input fed to a role: a name the ledger records and the text, which is
// untrusted and always fenced.
type NamedText struct {
	Name string
	Text string
	// Shared marks an input that other calls of the session are fed byte for byte at the same
	// place among their inputs: a stage's common material (the positions every seat
	// cross-examines, the assessment every author works from). The session's own inputs are
	// shared without saying so. The leading run of shared inputs goes before the role's
	// instructions, where prompt caches can reuse it; marking an input that differs between
	// calls only costs a cache write.
	Shared bool
}

// fenceToken derives the run's fence token from the session (promptsafe.FenceToken).
func fenceToken(s *Session) string { return promptsafe.FenceToken(s.ID, s.Seed) }

// FenceToken returns the token that marks this run's fences.
func (r *Run) FenceToken() string { return r.fence }

// Fence wraps untrusted text so that a model can tell where it begins and ends. Any
// occurrence of the token inside text is replaced, so text cannot forge an end marker.
func (r *Run) Fence(name, text string) string {
	var b strings.Builder
	r.writeFenced(&b, name, text)
	return b.String()
}

// writeFenced writes Fence(name, text) to b (promptsafe.WriteFenced).
func (r *Run) writeFenced(b *strings.Builder, name, text string) {
	promptsafe.WriteFenced(b, name, text, r.fence)
}

// dataPreamble is the system text of every call of the session (promptsafe.Preamble).
func (r *Run) dataPreamble() string { return promptsafe.Preamble(r.fence, roleHeading) }

// roleHeading introduces the role's instructions, which follow the shared material.
const roleHeading = "Your role"

// prompt is one call's text as sent: the session-constant system text, the user text, and
// the offsets in it that end prefixes other calls of the session share.
type prompt struct {
	system, user string
	breaks       []int
	// prefix, when set, is the run's memo of the leading session inputs user begins with.
	prefix *sessionPrefix
}

// assemble builds a call's prompt. The user text is, in order: the leading run of shared
// inputs (the session's own inputs, then those the protocol marks Shared), the role's
// instructions, the remaining inputs, and the trusted task text. A cache break ends the
// session's inputs and another ends the shared run, so a stage's calls can reuse both what
// the whole session shares and what the stage adds. The inputs keep their order, so the
// ledger's names read as they were fed. The session's inputs are fenced once per run (see
// sessionPrefix); the text is the same as fencing them for every call. cacheUpTo drops the
// breaks no later call reads (CallSpec.CacheUpTo).
func (r *Run) assemble(role string, inputs []NamedText, task string, cacheUpTo int) prompt {
	session, shared := r.sharedRuns(inputs)
	system := r.dataPreamble()
	var pre *sessionPrefix
	if session > 0 {
		pre = r.sessionPrefix(system, inputs[:session])
	}
	var b strings.Builder
	b.Grow(promptSize(pre, role, inputs[session:], task))
	var breaks []int
	// A break is marked where a later call reads the prefix it ends (cacheUpTo) and the
	// prefix, system text included, is long enough for a vendor to cache at all. (Where an
	// earlier call wrote a prefix this one begins with, cacheMarks adds a break to read it.)
	mark := func(n int) {
		if (cacheUpTo == 0 || n <= cacheUpTo) && len(system)+b.Len() >= cacheMinBytes {
			breaks = append(breaks, b.Len())
		}
	}
	if pre != nil {
		b.WriteString(pre.text)
		mark(session)
	}
	for _, in := range inputs[session:shared] {
		r.writeInput(&b, in)
	}
	if shared > session {
		mark(shared)
	}
	r.writeRole(&b, role)
	for _, in := range inputs[shared:] {
		r.writeInput(&b, in)
	}
	b.WriteString(task)
	return prompt{system: system, user: b.String(), breaks: breaks, prefix: pre}
}

// promptSize is about the length of a prompt's user text (fences removed from inside an input
// make it a little off), so that assemble allocates it once.
func promptSize(pre *sessionPrefix, role string, rest []NamedText, task string) int {
	n := len(role) + len(task) + 32
	if pre != nil {
		n += len(pre.text)
	}
	for _, in := range rest {
		n += len(in.Text) + 2*len(in.Name) + 80
	}
	return n
}

func (r *Run) writeInput(b *strings.Builder, in NamedText) {
	r.writeFenced(b, in.Name, in.Text)
	b.WriteString("\n\n")
}

func (r *Run) writeRole(b *strings.Builder, role string) {
	if role == "" {
		return
	}
	b.WriteString("## " + roleHeading + "\n\n")
	b.WriteString(role)
	b.WriteString("\n\n")
}

// CacheRuns returns how many of inputs lead a call's prompt as the session's own inputs, and
// how many as shared ones (session inputs or marked Shared): the prefixes a cache break can end
// (CallSpec.CacheUpTo counts inputs the same way).
func (r *Run) CacheRuns(inputs []NamedText) (session, shared int) { return r.sharedRuns(inputs) }

// sharedRuns returns the length of the leading run of session inputs and of the leading run
// of shared inputs (session inputs or marked Shared).
func (r *Run) sharedRuns(inputs []NamedText) (session, shared int) {
	inSession := true
	for i, in := range inputs {
		own := r.isSessionInput(in)
		if inSession && own {
			session = i + 1
		} else {
			inSession = false
		}
		if !own && !in.Shared {
			return session, i
		}
	}
	return session, len(inputs)
}

func (r *Run) isSessionInput(in NamedText) bool { return r.sessionInputIndex(in) >= 0 }

// sessionInputIndex is the index of in among the session's inputs (same name, same text), or -1.
func (r *Run) sessionInputIndex(in NamedText) int {
	for i, s := range r.session.Inputs {
		if s.Name == in.Name && s.Text == in.Text {
			return i
		}
	}
	return -1
}

// Shared returns the inputs marked Shared, for a stage whose calls are all fed them alike.
func Shared(in ...NamedText) []NamedText {
	out := make([]NamedText, len(in))
	for i, t := range in {
		t.Shared = true
		out[i] = t
	}
	return out
}
