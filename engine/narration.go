package engine

import "time"

// narrationKind says what a narration holds.
type narrationKind string

// Narration kinds.
const (
	// NarrateExpect opens a parallel phase: how many answers it waits for (Expect), under
	// which step (Step), so that a narrator can count them in as they arrive — counts only.
	NarrateExpect narrationKind = "expect"
	// NarrateDigest is a phase's digest, once its content has been revealed.
	NarrateDigest narrationKind = "digest"
	// NarrateTurn is one contribution verbatim, once revealed (the fullest level shows it).
	NarrateTurn narrationKind = "turn"
)

// Narration is what a protocol tells a person watching, beyond the progress events. Unlike an
// Event it may carry model text, so it reaches only sinks that implement Narrator (never, for
// one, a progress comment on GitHub), and a protocol narrates a phase's content only once
// every member can see it: during blind positions a narrator hears counts, never content.
type Narration struct {
	Kind narrationKind `json:"kind"`
	// Phase is the phase's title; Step its step key (for counting its calls).
	Phase string `json:"phase"`
	Step  string `json:"step,omitempty"`
	// Expect is how many answers an expect narration waits for.
	Expect int `json:"expect,omitempty"`
	// Title names a turn ("Member B") or a digest ("Reveal").
	Title string    `json:"title,omitempty"`
	Text  string    `json:"text,omitempty"`
	Time  time.Time `json:"time"`
}

// Narrator is a sink that shows narrations to a person (the CLI's stderr).
type Narrator interface {
	Narrate(Narration)
}

// Narrate hands n to every sink that narrates, stamped with the run's clock.
func (r *Run) Narrate(n Narration) {
	if n.Time.IsZero() {
		n.Time = r.Now()
	}
	for _, k := range r.cfg.Sinks {
		if nr, ok := k.(Narrator); ok {
			nr.Narrate(n)
		}
	}
}
