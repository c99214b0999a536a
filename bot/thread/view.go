package thread

import (
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/events"
)

// progressView is what the progress comment shows: the session's state, its current
// phase, one row per model call and, once known, how it ended.
type progressView struct {
	state State
	// disclosure is who receives the session's material, shown once the engine disclosed it.
	disclosure *engine.Disclosure
	phase      string
	calls      []callRow
	byStep     map[string]int
	result     Result
}

// callRow is one model call as events describe it: who, on which profile, how it went.
type callRow struct {
	step, role, profile string
	// outcome is "" while running, else the ledger outcome ("ok", "error", …).
	outcome  string
	elapsed  time.Duration
	attempts int
	resumed  bool
}

// Result is how a session ended, for the last edit.
type Result struct {
	DiscussionURL string
	// Reaffirmed is the decision number a reaffirmation kept.
	Reaffirmed int
	// Class and Detail describe a failure; Detail is markdown already made safe (the caller made it so).
	Class, Detail string
	// Notes are things the reader must know (a configuration note, a skipped publish).
	Notes []string
}

// apply folds one event into the view.
func (v *progressView) apply(ev events.Event) {
	switch ev.Kind {
	case events.Phase:
		v.phase = ev.Phase
	case events.CallStarted:
		r := v.row(ev)
		r.outcome, r.attempts = "", r.attempts+1
	case events.CallHeartbeat:
		v.row(ev).elapsed = ev.Elapsed
	case events.CallFinished:
		r := v.row(ev)
		r.outcome, r.elapsed = ev.Outcome, ev.Elapsed
	case events.StepResumed:
		if i, ok := v.byStep[ev.Step]; ok {
			v.calls[i].resumed = true
		}
	}
}

// row returns the call row of the event's step, adding it on first sight.
func (v *progressView) row(ev events.Event) *callRow {
	if v.byStep == nil {
		v.byStep = map[string]int{}
	}
	key := ev.Step
	if key == "" {
		key = ev.Role + "\x00" + ev.Profile
	}
	i, ok := v.byStep[key]
	if !ok {
		i = len(v.calls)
		v.byStep[key] = i
		v.calls = append(v.calls, callRow{step: ev.Step, role: ev.Role, profile: ev.Profile})
	}
	return &v.calls[i]
}

// counts returns how many calls finished and how many are known.
func (v *progressView) counts() (done, total int) {
	for _, c := range v.calls {
		if c.outcome != "" {
			done++
		}
	}
	return done, len(v.calls)
}
