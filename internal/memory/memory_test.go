package memory_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/internal/memory"
)

var now = time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)

func TestOnlyTheFourSourcesAreAdmissible(t *testing.T) {
	for _, it := range []memory.Item{
		{Text: "x", Source: memory.Source{Kind: memory.KindFile, Ref: "a/b.go@0123abcd"}},
		{Text: "x", Source: memory.Source{Kind: memory.KindDecision, Ref: "#12"}},
		{Text: "x", Source: memory.Source{Kind: memory.KindDecision, Ref: "wr-0011aabb"}},
		{Text: "x", Source: memory.Source{Kind: memory.KindOutcome, Ref: "#3"}},
		{Text: "x", Source: memory.Source{Kind: memory.KindConstraint, Ref: "ann"}},
	} {
		if err := memory.Admissible(it); err != nil {
			t.Errorf("%+v: %v", it.Source, err)
		}
	}
	for _, it := range []memory.Item{
		{Text: "I think Redis is bad", Source: memory.Source{Kind: "opinion", Ref: "skeptic"}},
		{Text: "x", Source: memory.Source{Kind: memory.KindFile, Ref: "a/b.go"}},
		{Text: "x", Source: memory.Source{Kind: memory.KindDecision, Ref: "the last one"}},
		{Text: " ", Source: memory.Source{Kind: memory.KindDecision, Ref: "#1"}},
	} {
		if memory.Admissible(it) == nil {
			t.Errorf("%+v was admitted", it)
		}
	}
}

// Proposals wait, rejected by default, until a person reviews them; a proposal made again
// does not undo a review; a maintainer's record is approved as written.
func TestProposalsPersistUntilReviewed(t *testing.T) {
	ctx := context.Background()
	b := memory.File{Path: filepath.Join(t.TempDir(), "m", "memory.json")}
	it := memory.Item{Member: "skeptic", Text: "Queue chosen.", Provider: "openai", Source: memory.Source{Kind: memory.KindDecision, Ref: "#4"}}
	added, err := memory.Propose(ctx, b, now, it)
	if err != nil || len(added) != 1 || added[0].Status != memory.StatusProposed {
		t.Fatalf("%+v %v", added, err)
	}
	items, _ := b.Items(ctx)
	if len(memory.Approved(items)) != 0 || len(memory.Pending(items)) != 1 {
		t.Fatalf("a proposal counts before review: %+v", items)
	}
	if _, err := memory.Review(ctx, b, added[0].ID, true, "ann", now); err != nil {
		t.Fatal(err)
	}
	if again, _ := memory.Propose(ctx, b, now, it); len(again) != 0 {
		t.Fatalf("the same proposal was added twice: %+v", again)
	}
	items, _ = b.Items(ctx)
	if ap := memory.Approved(items); len(ap) != 1 || ap[0].Reviewer != "ann" {
		t.Fatalf("%+v", items)
	}
	if _, err := memory.Review(ctx, b, "m-nope", false, "ann", now); !errors.Is(err, memory.ErrNoItem) {
		t.Fatalf("%v", err)
	}
	out := memory.Item{Text: "Queue spend doubled in March.", Provider: memory.Maintainer, Source: memory.Source{Kind: memory.KindOutcome, Ref: "#4"}}
	rec, err := memory.Record(ctx, b, now, "ann", out)
	if err != nil || rec[0].Status != memory.StatusApproved {
		t.Fatalf("%+v %v", rec, err)
	}
	if _, err := memory.Propose(ctx, b, now, memory.Item{Text: "opinion", Source: memory.Source{Kind: "view"}}); err == nil {
		t.Fatal("an inadmissible proposal was stored")
	}
}

func TestForSeatSpeaksInTheThirdPersonForAnotherProvider(t *testing.T) {
	items := []memory.Item{
		{Member: "skeptic", Text: "Spend unmeasured.", Provider: "openai", Source: memory.Source{Kind: memory.KindDecision, Ref: "#4"}},
		{Member: "architect", Text: "ARCHITECT ONLY", Provider: "openai", Source: memory.Source{Kind: memory.KindDecision, Ref: "#4"}},
		{Text: "Spend doubled.", Provider: memory.Maintainer, Source: memory.Source{Kind: memory.KindOutcome, Ref: "#4"}},
	}
	scrub := func(s string) string { return strings.ReplaceAll(s, "unmeasured", "[withheld]") }
	other := memory.ForSeat(items, "skeptic", "google", scrub)
	for _, want := range []string{"- [decision #4] the previous holder of this seat (openai) recorded: Spend [withheld].",
		"- [outcome of decision #4] a maintainer recorded: Spend doubled."} {
		if !strings.Contains(other, want) {
			t.Errorf("lacks %q:\n%s", want, other)
		}
	}
	if strings.Contains(other, "ARCHITECT ONLY") {
		t.Errorf("another member's item reached the seat:\n%s", other)
	}
	if same := memory.ForSeat(items, "skeptic", "openai", scrub); !strings.Contains(same, "you recorded earlier: Spend") {
		t.Errorf("same provider:\n%s", same)
	}
	if memory.ForSeat(nil, "skeptic", "openai", scrub) != "" {
		t.Error("no items, yet a memory input")
	}
}
