package warroom

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
)

// deferredKind is the engine.Store record kind deferred items are stored under: one record per
// session, keyed by the session id, holding the session's items as a JSON array.
const deferredKind = "deferred"

// futureWork recognises a dissenting view that describes work for later.
var futureWork = regexp.MustCompile(`(?i)\b(revisit|worth exploring|worth trying|consider (?:it |this )?(?:in|for) (?:phase|a later|the next)|later phase|next phase|follow[- ]up|in (?:the )?future|down the road|once .{1,40} (?:is|are) (?:done|in place|stable))\b`)

// deferredItems captures (a) every course of action not selected that earned at least one
// Borda point and (b) every dissenting view that describes future work.
func deferredItems(rec gathered, sessionID string) []decision.DeferredItem {
	var out []decision.DeferredItem
	var tally tally
	if n := len(rec.Rounds); n > 0 {
		tally = rec.Rounds[n-1].Tally
	}
	for _, c := range rec.COAs {
		pts := tally.Points(c.Label)
		if c.Label == rec.Synthesis.Selected || pts < 1 {
			continue
		}
		why := rec.Synthesis.Rejected[c.Label]
		if why == "" {
			why = "Not selected by the synthesis."
		}
		out = append(out, decision.DeferredItem{Title: "COA: " + c.Title,
			Rationale: fmt.Sprintf("%s (%s, %d Borda point(s).)", why, c.Label, pts),
			Source:    "war-room: rejected course of action " + c.Label, SessionID: sessionID})
	}
	for _, d := range rec.Synthesis.Dissent {
		if futureWork.MatchString(d) {
			out = append(out, decision.DeferredItem{Title: shortTitle(d), Rationale: d,
				Source: "war-room: dissenting view", SessionID: sessionID})
		}
	}
	return out
}

// shortTitle is the first sentence of s, at most 80 characters.
func shortTitle(s string) string {
	s = strings.Trim(strings.Join(strings.Fields(s), " "), "*_ ")
	if i := strings.IndexAny(s, ".;:"); i > 0 {
		s = s[:i]
	}
	if r := []rune(s); len(r) > 80 {
		s = strings.TrimSpace(string(r[:79])) + "…"
	}
	return s
}

// storeDeferred writes a session's items as one record, so storing again after a resume
// replaces rather than duplicates, and costs one commit.
func storeDeferred(ctx context.Context, st engine.Store, sessionID string, items []decision.DeferredItem) error {
	if len(items) == 0 {
		return nil
	}
	b, err := json.Marshal(items)
	if err != nil {
		return fmt.Errorf("war-room: encode deferred items: %w", err)
	}
	// Drawn from the stored steps, so made again by a run that lost it.
	if err := st.PutRecord(engine.Derived(ctx), deferredKind, sessionID, b); err != nil {
		return fmt.Errorf("war-room: store deferred items: %w", err)
	}
	return nil
}

// ListDeferred returns every stored deferred item, ordered by session id and position.
func ListDeferred(ctx context.Context, st engine.Store) ([]decision.DeferredItem, error) {
	recs, err := st.ListRecords(ctx, deferredKind)
	if err != nil {
		return nil, fmt.Errorf("list deferred items: %w", err)
	}
	var out []decision.DeferredItem
	for _, r := range recs {
		var items []decision.DeferredItem
		if err := json.Unmarshal(r.Value, &items); err != nil {
			return nil, fmt.Errorf("deferred items of %s: %w", r.Key, err)
		}
		out = append(out, items...)
	}
	return out, nil
}
