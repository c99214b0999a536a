package council

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/settings"
	"github.com/war-room/war-room/internal/memory"
	"github.com/war-room/war-room/internal/provider/script"
)

// remembering is a closing answer that proposes two items: one with an admissible source,
// one that is only the seat's view.
func remembering(option int, remember ...string) string {
	s := closingText(option) + "\n## Remember\n"
	for _, r := range remember {
		s += "- " + r + "\n"
	}
	return s
}

// proposing is a session whose skeptic proposes an item with a source and an opinion, and
// whose architect proposes an item nobody will approve.
var proposing = team(map[string]int{skeptic: 2},
	script.Response{Role: skeptic, Match: `Closing ballot`, Text: remembering(2,
		"[decision] Billing moved to a queue; the skeptic's cost objection stands until spend is measured.",
		"Redis is a poor fit for billing.")},
	script.Response{Role: architect, Match: `Closing ballot`, Text: remembering(1,
		"[decision] UNAPPROVED-ARCHITECT-NOTE: use two steps.")})

// memorySession convenes with the skeptic pinned to a profile and the board's items, runs the
// session to its decision, and returns the provider that answered it.
func memorySession(t *testing.T, st engine.Store, id, skepticProfile string, sc script.Script, items []memory.Item) (*decision.Decision, *script.Provider) {
	t.Helper()
	sec := &Section{Roles: map[string]settings.RolePin{skeptic: {Profile: skepticProfile}}}
	return convenedSession(t, st, sc, sec, Env{Memory: items}, id)
}

// prompts collects every prompt a role received.
func prompts(p *script.Provider, role string) string {
	var b strings.Builder
	for _, r := range p.Requests() {
		if r.Role == role {
			b.WriteString(r.User + "\n")
		}
	}
	return b.String()
}

// A session with memory: the item a person approved after the first session reaches the next
// session's skeptic, fenced, with its source and its provider stamp, in the third person when
// another provider now plays the seat; the proposal nobody approved and the seat's opinion
// never reach anyone.
func TestApprovedMemoryReachesTheNextSessionFencedWithItsSource(t *testing.T) {
	st, ctx := openStore(t, ""), context.Background()
	board := memory.File{Path: filepath.Join(t.TempDir(), "memory.json")}
	first, _ := memorySession(t, st, "wr-memory000000001", "gpt", proposing, nil)

	kept, refused, err := Proposals(ctx, st, first.SessionID)
	require.NoError(t, err)
	require.Len(t, kept, 2, "the skeptic's decision item and the architect's")
	require.Len(t, refused, 1)
	assert.Equal(t, "Redis is a poor fit for billing.", refused[0].Item.Text)
	assert.Contains(t, refused[0].Refused, "a seat's view is not memory")
	var items []memory.Item
	for _, p := range kept {
		items = append(items, p.Item)
	}
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	_, err = memory.Propose(ctx, board, now, items...)
	require.NoError(t, err)
	skeptics := slicesFind(items, func(it memory.Item) bool { return it.Member == skeptic })
	assert.Equal(t, "openai", skeptics.Provider, "stamped with the provider that wrote it")
	_, err = memory.Review(ctx, board, skeptics.ID, true, "ann", now)
	require.NoError(t, err)
	all, err := board.Items(ctx)
	require.NoError(t, err)
	require.Len(t, all, 2)

	quiet := team(map[string]int{skeptic: 2}) // the next sessions propose nothing of their own
	second, p := memorySession(t, st, "wr-memory000000002", "gemini", quiet, all)
	seat := prompts(p, skeptic)
	assert.Regexp(t, `<<<BEGIN memory [0-9a-f]{16}>>>\nStanding memory\.[^\n]*\n- \[decision `+first.SessionID+`\] the previous holder of this seat \(openai\) recorded: Billing moved to a queue;`, seat,
		"fenced, with its source, in the third person: another provider wrote it")
	for role := range map[string]bool{skeptic: true, architect: true, operations: true, steward: true, Clerk: true, Arbiter: true} {
		text := prompts(p, role)
		assert.NotContains(t, text, "UNAPPROVED-ARCHITECT-NOTE", "%s read a proposal nobody approved", role)
		assert.NotContains(t, text, "Redis is a poor fit", "%s read a seat's opinion", role)
		if role != skeptic {
			assert.NotContains(t, text, "Billing moved to a queue;", "%s read the skeptic's memory", role)
		}
	}
	assert.Contains(t, second.Notes, "Memory: the seats read 1 approved item(s) of standing memory, each with its source.")
	stored, err := st.GetStep(ctx, second.SessionID, "memory")
	require.NoError(t, err)
	assert.Contains(t, string(stored), skeptics.ID, "the memory the seats read is in the record")

	_, same := memorySession(t, st, "wr-memory000000003", "gpt", quiet, all)
	assert.Contains(t, prompts(same, skeptic), "you recorded earlier: Billing moved to a queue;",
		"the provider that wrote it reads it in the first person")
}

func slicesFind(items []memory.Item, ok func(memory.Item) bool) memory.Item {
	for _, it := range items {
		if ok(it) {
			return it
		}
	}
	return memory.Item{}
}
