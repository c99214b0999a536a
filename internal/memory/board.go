package memory

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Board keeps one scope's items (a repository's, a project's) where people can read them.
type Board interface {
	// Items returns every item, proposals and rejections included, in the order written.
	Items(ctx context.Context) ([]Item, error)
	// Save replaces the board's items with items.
	Save(ctx context.Context, items []Item) error
}

// ErrNoItem is wrapped by Review for an id the board does not hold.
var ErrNoItem = errors.New("no such memory item")

// Propose adds items as proposals; an item already on the board (same id) is left as it
// stands, so a proposal made again never undoes a review. It returns the items added.
func Propose(ctx context.Context, b Board, now time.Time, items ...Item) ([]Item, error) {
	return add(ctx, b, now, StatusProposed, "", items)
}

// Record adds items a maintainer wrote or confirmed (an outcome, a constraint) as approved:
// their author is the reviewer.
func Record(ctx context.Context, b Board, now time.Time, reviewer string, items ...Item) ([]Item, error) {
	return add(ctx, b, now, StatusApproved, reviewer, items)
}

func add(ctx context.Context, b Board, now time.Time, status Status, reviewer string, items []Item) ([]Item, error) {
	have, err := b.Items(ctx)
	if err != nil {
		return nil, err
	}
	var added []Item
	for _, it := range items {
		if err := Admissible(it); err != nil {
			return nil, fmt.Errorf("memory: %w", err)
		}
		if it.ID == "" {
			it.ID = NewID(it.Member, it.Text, it.Source)
		}
		if slices.ContainsFunc(have, func(h Item) bool { return h.ID == it.ID }) {
			continue
		}
		it.Status, it.ProposedAt = status, now
		if status == StatusApproved {
			it.Reviewer, it.ReviewedAt = reviewer, now
		}
		have, added = append(have, it), append(added, it)
	}
	if len(added) == 0 {
		return nil, nil
	}
	return added, b.Save(ctx, have)
}

// Review approves or rejects one item by id (approve false rejects). Reviewing an item
// again changes its verdict: a person may correct a mistaken approval.
func Review(ctx context.Context, b Board, id string, approve bool, reviewer string, now time.Time) (Item, error) {
	have, err := b.Items(ctx)
	if err != nil {
		return Item{}, err
	}
	i := slices.IndexFunc(have, func(h Item) bool { return h.ID == id })
	if i < 0 {
		return Item{}, fmt.Errorf("%w: %s", ErrNoItem, id)
	}
	have[i].Status, have[i].Reviewer, have[i].ReviewedAt = statusRejected, reviewer, now
	if approve {
		have[i].Status = StatusApproved
	}
	return have[i], b.Save(ctx, have)
}

// Pending returns the proposals awaiting review.
func Pending(items []Item) []Item {
	var out []Item
	for _, it := range items {
		if it.Status == StatusProposed {
			out = append(out, it)
		}
	}
	return out
}
