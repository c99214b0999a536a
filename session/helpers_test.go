package session_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/store/sqlite"
	"github.com/war-room/war-room/internal/wiring"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/session"
)

const (
	repoName = "acme/widgets"
	botLogin = "war-room[bot]"
	question = "Which queue should billing adopt?"
)

// clock is shared by the publishers and the fake: sleeping advances it at once.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
	return ctx.Err()
}

// world is a fake GitHub with a decisions category, and a scripted four-family panel.
type world struct {
	t   *testing.T
	f   *githubfake.Fake
	clk *clock
	cfg *config.Config
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{t: t, f: githubfake.New(t), clk: &clock{t: time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)}}
	w.f.SetClock(w.clk.now)
	w.f.AddRepo("acme", "widgets", githubfake.RepoOptions{DiscussionsEnabled: true})
	w.f.AddToken("bot-token", botLogin)
	w.f.SetPermission(repoName, botLogin, "write")
	w.f.AddDiscussionCategory(repoName, "Decisions", "decisions", true)
	script, _ := filepath.Abs(filepath.Join("testdata", "panel.yaml"))
	var b strings.Builder
	b.WriteString("version: 1\nproviders:\n")
	for _, p := range [][2]string{{"claude", "anthropic"}, {"gemini", "google"}, {"glm", "zhipu"}, {"qwen", "qwen"}} {
		fmt.Fprintf(&b, "  %s: {type: script, family: %s, model: %s-model, responses: %s}\n", p[0], p[1], p[0], script)
	}
	b.WriteString("protocols:\n  war_room:\n    timeouts: {expert: 5s, synthesis: 5s}\n")
	cfg, err := config.Parse("war-room.yml", []byte(b.String()), protocols.Sections()...)
	if err != nil {
		t.Fatal(err)
	}
	w.cfg = cfg
	return w
}

func (w *world) store(path string) engine.Store {
	w.t.Helper()
	if path == "" {
		path = filepath.Join(w.t.TempDir(), "state.db")
	}
	st, err := sqlite.Open(context.Background(), path)
	if err != nil {
		w.t.Fatal(err)
	}
	w.t.Cleanup(func() { st.Close() })
	return st
}

// runner is a fresh runner over st, as a new process (or a fresh Action runner) builds it.
func (w *world) runner(st engine.Store) *session.Runner {
	p := discussions.New(discussions.Options{APIURL: w.f.URL(), GraphQLURL: w.f.GraphQLURL(),
		HTTPClient: w.f.Client("bot-token"), Login: botLogin, State: discussions.RecordState{Store: st},
		Category: "decisions", Labels: []string{"war-room"}, MutationSpacing: time.Second})
	p.Now, p.Sleep = w.clk.now, w.clk.sleep
	return &session.Runner{Config: w.cfg, Store: st, Publisher: p, Now: w.clk.now,
		Profiles: func(ctx context.Context) (engine.Profiles, error) { return wiring.Profiles(ctx, w.cfg, nil, nil) }}
}

func (w *world) request(id string) session.Request {
	repo := discussions.Repo{Owner: "acme", Name: "widgets"}
	return session.Request{SessionID: id, Protocol: "war-room", Question: question, Seed: 7, SeedSource: "--seed",
		Repo: &repo, Publish: true, CanAsk: true}
}

// ours are the discussions a session published, with their comments' marker parts.
func (w *world) published() map[string][]string {
	out := map[string][]string{}
	for _, d := range w.f.Discussions(repoName) {
		var parts []string
		for _, c := range w.f.Comments(d.ID) {
			if m, ok := discussions.ParseMarker(c.Body); ok {
				parts = append(parts, m.Part)
			}
		}
		out[d.Title] = parts
	}
	return out
}
