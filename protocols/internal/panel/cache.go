package panel

import (
	"strings"

	"github.com/war-room/war-room/engine"
)

// planCache marks, in a copy of one stage's tasks, only the cache breaks a later call reads
// (each task's CallSpec.CacheUpTo, where its protocol left it 0). A cache write costs more than
// the input it holds and pays back only when read:
//
//   - the session's own inputs (the question and material every call sends first) stay
//     marked: the later calls of the session on the same profile read them;
//   - the stage's shared inputs after them (the positions, the courses of action) are marked
//     only where another task of the stage on the same profile sends the same ones, and so
//     reads what the first writes. No later phase of war-room or the council sends a stage's
//     shared run again (their tests hold every marked prefix to a later reader), so one seat
//     on its own profile would write it for nobody.
func planCache(r *engine.Run, tasks []Task) []Task {
	type run struct{ profile, shared string }
	runs := make([]run, len(tasks))
	sessions := make([]int, len(tasks))
	seen := map[run]int{}
	for i, t := range tasks {
		session, shared := r.CacheRuns(t.Spec.Inputs)
		sessions[i] = session
		if shared > session {
			runs[i] = run{t.Spec.Profile, prefixKey(t.Spec.Inputs[:session], t.Spec.Inputs[session:shared])}
			seen[runs[i]]++
		}
	}
	out := make([]Task, len(tasks))
	for i, t := range tasks {
		out[i] = t
		switch {
		case t.Spec.CacheUpTo != 0:
		case runs[i].shared != "" && seen[runs[i]] > 1:
		case sessions[i] > 0:
			out[i].Spec.CacheUpTo = sessions[i]
		default:
			out[i].Spec.CacheUpTo = -1
		}
	}
	return out
}

// prefixKey names a prompt's shared prefix: the session's own inputs by name (the run knows
// them as the session's, so their text is the session's, a megabyte of context at times, and
// need not be compared) and the stage's shared inputs by name and text.
func prefixKey(session, shared []engine.NamedText) string {
	var b strings.Builder
	for _, in := range session {
		b.WriteString(in.Name)
		b.WriteByte(0)
	}
	b.WriteByte(0)
	for _, in := range shared {
		b.WriteString(in.Name)
		b.WriteByte(0)
		b.WriteString(in.Text)
		b.WriteByte(0)
	}
	return b.String()
}
