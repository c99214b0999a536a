package memory

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// kind is an item's source class.
type kind string

// The four admissible source classes.
const (
	// KindConstraint: a constraint a maintainer confirmed (Ref: who).
	KindConstraint kind = "constraint"
	// KindFile: a file on the default branch (Ref: "path@blobsha").
	KindFile kind = "file"
	// KindDecision: a recorded war-room decision (Ref: its session id, or "#N" once published).
	KindDecision kind = "decision"
	// KindOutcome: an outcome a maintainer recorded for a past decision (Ref: the decision).
	KindOutcome kind = "outcome"
)

// Source says where an item comes from.
type Source struct {
	Kind kind   `json:"kind"`
	Ref  string `json:"ref"`
}

func (s Source) String() string {
	switch s.Kind {
	case KindFile:
		return "file " + s.Ref
	case KindDecision:
		return "decision " + s.Ref
	case KindOutcome:
		return "outcome of decision " + s.Ref
	}
	return "constraint confirmed by " + s.Ref
}

// Status is where an item stands in review.
type Status string

// Statuses. A proposal counts as rejected until a person approves it.
const (
	StatusProposed Status = "proposed"
	StatusApproved Status = "approved"
	statusRejected Status = "rejected"
)

// Maintainer is the Provider of an item a person wrote.
const Maintainer = "maintainer"

// Item is one remembered fact.
type Item struct {
	ID string `json:"id"`
	// Member is the roster key of the member it is for; "" is the whole team.
	Member string `json:"member,omitempty"`
	Text   string `json:"text"`
	Source Source `json:"source"`
	// Provider is who wrote Text: the model family of the seat that proposed it, or
	// Maintainer.
	Provider   string    `json:"provider"`
	Status     Status    `json:"status"`
	Session    string    `json:"session,omitempty"`
	ProposedAt time.Time `json:"proposed_at"`
	Reviewer   string    `json:"reviewer,omitempty"`
	ReviewedAt time.Time `json:"reviewed_at,omitzero"`
}

// NewID derives an item's id from what it says and where it comes from, so that the same
// proposal made twice is one item.
func NewID(member, text string, src Source) string {
	sum := sha256.Sum256([]byte(member + "\x00" + text + "\x00" + string(src.Kind) + "\x00" + src.Ref))
	return "m-" + hex.EncodeToString(sum[:])[:10]
}

var (
	blobRef     = regexp.MustCompile(`^[^@\s]+@[0-9a-f]{7,64}$`)
	decisionRef = regexp.MustCompile(`^(#[1-9][0-9]*|wr-[0-9a-z-]+)$`)
)

// Admissible checks that an item's source is one of the four classes with a reference of
// its form, and that the item says something. A seat's opinion has no such source.
func Admissible(it Item) error {
	if strings.TrimSpace(it.Text) == "" {
		return errors.New("the item says nothing")
	}
	switch it.Source.Kind {
	case KindFile:
		if !blobRef.MatchString(it.Source.Ref) {
			return fmt.Errorf("a file source is \"path@blobsha\", not %q", it.Source.Ref)
		}
	case KindDecision, KindOutcome:
		if !decisionRef.MatchString(it.Source.Ref) {
			return fmt.Errorf("a decision is named \"#N\" or by its session id, not %q", it.Source.Ref)
		}
	case KindConstraint:
		if strings.TrimSpace(it.Source.Ref) == "" {
			return errors.New("a constraint names the maintainer who confirmed it")
		}
	default:
		return fmt.Errorf("%q is not an admissible source (admissible: a confirmed constraint, a file on the default branch, a recorded decision, a recorded outcome)", it.Source.Kind)
	}
	return nil
}

// Approved returns the items a session may be given: approved, and admissible.
func Approved(items []Item) []Item {
	var out []Item
	for _, it := range items {
		if it.Status == StatusApproved && Admissible(it) == nil {
			out = append(out, it)
		}
	}
	return out
}

// Current splits items into those whose source still holds and those it no longer does: a
// file item whose file has another blob at the default branch's head (or is gone) is stale,
// and a session is not given it. blobOf resolves a path's blob at that head.
func Current(items []Item, blobOf func(path string) (string, error)) (current, stale []Item) {
	for _, it := range items {
		if it.Source.Kind == KindFile {
			path, blob, _ := strings.Cut(it.Source.Ref, "@")
			if now, err := blobOf(path); err != nil || now != blob {
				stale = append(stale, it)
				continue
			}
		}
		current = append(current, it)
	}
	return current, stale
}
