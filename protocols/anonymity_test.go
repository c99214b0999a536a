package protocols

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/demo"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/protocols/internal/anontest"
)

// boastful is a profile's provider that gives its author away in every answer, as a model
// might — its profile, its model and its family, before and after what it was scripted to say
// — and keeps every prompt sent to the profile.
type boastful struct {
	inner provider.Provider
	self  *engine.Profile
	mu    *sync.Mutex
	seen  *[]prompt
}

type prompt struct{ profile, role, text string }

func (b boastful) Complete(ctx context.Context, req provider.Request) (provider.Response, error) {
	b.mu.Lock()
	*b.seen = append(*b.seen, prompt{b.self.Name, req.Role, strings.ToLower(req.System + "\n" + req.User)})
	b.mu.Unlock()
	res, err := b.inner.Complete(ctx, req)
	if err == nil {
		res.Text = fmt.Sprintf("Speaking as %s on profile %s, trained by %s.\n\n%s\n\n(%s, %s)",
			strings.ToUpper(b.self.Model), b.self.Name, b.self.Family, res.Text, b.self.Family, b.self.Model)
	}
	return res, err
}

// One anonymity property, over every protocol the registry runs: however openly a model says
// who it is — its profile and its model, in any case — no call made for any other profile
// carries it, in any phase, until the role the protocol names as its reveal (war-room's
// synthesis) weighs the contributions with their attribution. Each protocol's own property test
// adds what only it withholds (seat titles before a reveal, ballots' authors, families).
func TestNoPromptCarriesAnotherProfilesIdentity(t *testing.T) {
	for _, name := range Names() {
		question, ok := demo.Question(name)
		if !ok {
			continue
		}
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			path, err := demo.Config(t.TempDir(), name)
			require.NoError(t, err)
			cfg, err := config.Load(path, Sections()...)
			require.NoError(t, err)
			ps, err := wiring.Profiles(ctx, cfg, nil, nil)
			require.NoError(t, err)
			r := rand.New(rand.NewPCG(uint64(len(name)), 22))
			var mu sync.Mutex
			var seen []prompt
			for _, p := range ps {
				p.Model, p.Family = anontest.Token(r, "zqm"), anontest.Token(r, "zqf")
				p.Provider = boastful{inner: p.Provider, self: p, mu: &mu, seen: &seen}
			}
			st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "state.db"))
			require.NoError(t, err)
			t.Cleanup(func() { st.Close() })
			s, err := NewSession(cfg, Request{Protocol: name, Question: question, Flags: demo.Flags(name), Seed: 7, SeedSource: "--seed"})
			require.NoError(t, err)
			run, err := engine.Start(ctx, engine.RunConfig{Store: st, Profiles: ps,
				Answers: map[string]string{engine.GateReducedIndependence: engine.AnswerApprove}}, s)
			require.NoError(t, err)
			_, err = Execute(ctx, run)
			require.NoError(t, err, "the session completes with every answer boasting")

			require.NotEmpty(t, seen)
			names := slices.Sorted(func(yield func(string) bool) {
				for n := range ps {
					if !yield(n) {
						return
					}
				}
			})
			reveal := reveals(name)
			for _, call := range seen {
				if call.role == reveal {
					continue
				}
				for _, other := range names {
					if other == call.profile {
						continue
					}
					o := ps[other]
					for _, id := range []string{o.Name, o.Model} {
						if strings.Contains(call.text, strings.ToLower(id)) {
							t.Errorf("%s's prompt to %s carries %q, an identity of profile %s", call.role, call.profile, id, other)
						}
					}
				}
			}
		})
	}
}
