package council

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/memory"
	"github.com/war-room/war-room/internal/provider/script"
)

// Every built-in profile convenes on five vendors, and each member it overlays reads its
// core brief and then the profile's focus; a member the profile does not overlay reads its
// core alone.
func TestEveryBuiltinProfileConvenesWithItsOverlays(t *testing.T) {
	ps := profiles(script.New(script.Script{}))
	for _, name := range []string{"coding-ratification", "research-synthesis", "business-ideation", "website-ux", "writing-cv"} {
		opts, err := Convene(NewSection(), ps, Flags{Go: true, Profile: name}, Env{})
		require.NoError(t, err, name)
		prof, _ := Builtin().Profile(name)
		assert.Equal(t, prof.Members, opts.Team, name)
		for _, m := range opts.Members {
			ov, overlaid := prof.Overlays[m.Key]
			assert.Equal(t, overlaid, m.Overlay != nil, "%s/%s", name, m.Key)
			core, _ := Body(m.Key)
			got, err := opts.Body(m.Key)
			require.NoError(t, err)
			if overlaid {
				assert.Contains(t, got, strings.Join(strings.Fields(ov.Focus), " "), "%s/%s reads its overlay", name, m.Key)
			} else {
				assert.Equal(t, core, got, "%s/%s reads its core alone", name, m.Key)
			}
		}
	}
}

// The writing-cv profile handles personal data: approved memory is not read, no seat is
// invited to propose any, and every call is told to repeat no personal detail.
func TestThePersonalDataProfileReadsAndProposesNoMemory(t *testing.T) {
	approved := memory.Item{Member: wordsmith, Text: "MEMO-CV-7 the candidate prefers short CVs",
		Source: memory.Source{Kind: memory.KindDecision, Ref: "wr-earlier000000001"}, Provider: "openai", Status: memory.StatusApproved}
	approved.ID = memory.NewID(approved.Member, approved.Text, approved.Source)
	require.Len(t, memory.Approved([]memory.Item{approved}), 1, "the item would be read by any other profile")

	p := script.New(team(nil))
	ps := profiles(p)
	opts, err := Convene(NewSection(), ps, Flags{Go: true, Profile: "writing-cv"}, Env{Memory: []memory.Item{approved}})
	require.NoError(t, err)
	assert.True(t, opts.PersonalData)
	assert.Empty(t, opts.Memory)
	opts.Triage = false

	ctx := context.Background()
	st := openStore(t, "")
	r, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps, Sleep: noWait}, session(t, opts, "wr-cv0000000000001", 7))
	require.NoError(t, err)
	d, err := execute(ctx, r)
	require.NoError(t, r.Finish(ctx, err))
	require.NotEmpty(t, p.Requests())
	for _, req := range p.Requests() {
		assert.Contains(t, req.System+req.User, "The material is about a person.", req.Role)
		assert.NotContains(t, req.User, "MEMO-CV-7", req.Role)
		assert.NotContains(t, req.User, "propose what the team should remember", req.Role)
	}
	kept, refused, err := Proposals(ctx, st, d.SessionID)
	require.NoError(t, err)
	assert.Empty(t, kept)
	assert.Empty(t, refused)
}
