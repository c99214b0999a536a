package bot

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"
	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/ledger"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/internal/safetext"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// worldStore opens the store the world's workers run on.
func (w *appWorld) worldStore() engine.Store {
	w.t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(w.dir, "state.db"))
	if err != nil {
		w.t.Fatal(err)
	}
	w.t.Cleanup(func() { st.Close() })
	return st
}

// providerCalls counts every ledger row of every session in the world's store: each request
// to a provider is one (and a refusal unsent is one too, so zero means nothing was tried).
func (w *appWorld) providerCalls() int {
	w.t.Helper()
	ctx := context.Background()
	st := w.worldStore()
	sessions, err := st.ListSessions(ctx, "", 0)
	if err != nil {
		w.t.Fatal(err)
	}
	n := 0
	for _, s := range sessions {
		l, err := st.Ledger(ctx, s.ID)
		if err != nil {
			w.t.Fatal(err)
		}
		n += len(l)
	}
	return n
}

// oneRefusal delivers body as a command on a new issue and returns the App's one reply,
// checking that the job ended, no session was stored and no provider was called.
func (w *appWorld) oneRefusal(delivery, body string) string {
	w.t.Helper()
	n := w.f.AddIssue(testRepo, 0, "Queue backend", "We run Redis only for jobs.", "alice")
	if got := w.deliver("issue_comment", delivery, w.comment(n, body), vectorSecret); got != http.StatusAccepted {
		w.t.Fatalf("delivery: %d, want 202", got)
	}
	jobs := w.settle()
	if len(jobs) == 0 || jobs[len(jobs)-1].State != rivertype.JobStateCompleted {
		w.t.Fatalf("jobs %+v, want the last completed", jobs)
	}
	if calls := w.providerCalls(); calls != 0 {
		w.t.Errorf("%d provider calls, want 0", calls)
	}
	if ss, _ := w.worldStore().ListSessions(context.Background(), "", 0); len(ss) != 0 {
		w.t.Errorf("%d session(s) stored for a refused command", len(ss))
	}
	replies := appComments(w.f, n)
	if len(replies) != 1 {
		w.t.Fatalf("replies by the App: %+v", replies)
	}
	return replies[0].Body
}

func serveCeilings() Ceilings {
	return Ceilings{Session: limits.Limits{Bounds: map[limits.Ceiling]limits.Limit{
		limits.CeilingPasses: {Max: 3, By: "--max-passes"},
		limits.CeilingRounds: {Max: 5, By: "--max-rounds"},
	}}}
}

// /war-room reason --passes=40 on the App is refused before any call, and the one reply
// names the setting as given and the server's bound with its flag; no progress comment, no
// session.
func TestAppRefusesACommandOverAServerCeiling(t *testing.T) {
	w := newAppWorld(t)
	w.ceilings = serveCeilings()
	w.start(nil)
	reply := w.oneRefusal("d-passes", "/war-room reason --passes=40 Should billing move to a queue?")
	// The reply is published text: the refusal reads as written, escaped as every phrase is.
	want := "@alice " + safetext.Inline("--passes=40 is over this server's ceiling: --max-passes=3. Nothing was run")
	if !strings.Contains(reply, want) {
		t.Errorf("reply:\n%s\nwant it to say %q", reply, want)
	}
}

// A repository configuration cannot raise a bound either: delphi.max_rounds: 1000 is
// refused, naming the key and the flag.
func TestAppRefusesAConfigurationOverAServerCeiling(t *testing.T) {
	w := newAppWorld(t)
	w.ceilings = serveCeilings()
	w.f.PutFile(testRepo, "main", ".github/war-room.yml", "version: 1\nproviders:\n  alpha: {type: script, family: anthropic, responses: "+
		filepath.Join(w.dir, "script.yaml")+"}\nprotocols:\n  war_room:\n    delphi: {max_rounds: 1000}\n")
	w.start(nil)
	reply := w.oneRefusal("d-rounds", "/war-room deliberate Should billing move to a queue?")
	if want := safetext.Inline("protocols.war_room.delphi.max_rounds: 1000 is over this server's ceiling: --max-rounds=5."); !strings.Contains(reply, want) {
		t.Errorf("reply:\n%s\nwant it to say %q", reply, want)
	}
}

// An installation that has spent its day's ceiling starts nothing more: the command is
// refused before any call, naming the ceiling and its flag; the next UTC day it may start.
func TestAppRefusesACommandOnceTheInstallationsDayIsSpent(t *testing.T) {
	w := newAppWorld(t)
	var day atomic.Int64 // the workers' clock, moved by the test
	day.Store(time.Date(2026, 5, 6, 12, 0, 0, 0, time.UTC).Unix())
	w.now = func() time.Time { return time.Unix(day.Load(), 0).UTC() }
	w.ceilings = Ceilings{Daily: limits.Budget{MaxUSD: 50, USDBy: "--max-daily-usd"}}
	// Earlier sessions of installation 77 (on any replica sharing the store) spent the day.
	spent := &engine.DailyAccount{Store: w.worldStore(), Key: "installation/77", Now: w.now}
	spent.Charge(context.Background(), limits.Spend{Tokens: 9000, USD: 50.25})
	w.start(nil)
	reply := w.oneRefusal("d-daily", "/war-room reason Should billing move to a queue?")
	want := safetext.Inline("Not started: installation 77 today (UTC) has spent $50.2500, ceiling $50.00 (--max-daily-usd). The count starts again at 00:00 UTC.")
	if !strings.Contains(reply, want) {
		t.Errorf("reply:\n%s\nwant it to say %q", reply, want)
	}
	other := &engine.DailyAccount{Store: w.worldStore(), Key: "installation/78", Now: w.now}
	if s, _ := other.Spent(context.Background()); s != (limits.Spend{}) {
		t.Errorf("another installation's day: %+v", s)
	}

	day.Add(24 * 60 * 60)
	n := w.f.AddIssue(testRepo, 0, "Next day", "b", "alice")
	if got := w.deliver("issue_comment", "d-next-day", w.comment(n, "/war-room reason Should billing move to a queue?"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	w.settle()
	if ss, _ := w.worldStore().ListSessions(context.Background(), "", 0); len(ss) != 1 {
		t.Errorf("the next day's command stored %d sessions, want 1: it starts", len(ss))
	}
}

// Within its bounds a command runs under the server's session ceiling when that is lower
// than the configuration's (here: none): a one-token ceiling refuses the first call unsent,
// and the thread is told which ceiling, by its flag.
func TestAppSessionRunsUnderTheServersBudget(t *testing.T) {
	w := newAppWorld(t)
	script := filepath.Join(w.dir, "script.yaml")
	w.f.PutFile(testRepo, "main", ".github/war-room.yml", "version: 1\nproviders:\n"+
		"  alpha: {type: script, family: anthropic, responses: "+script+"}\n"+
		"  beta: {type: script, family: openai, responses: "+script+"}\n"+
		"  gamma: {type: script, family: google, responses: "+script+"}\n")
	w.ceilings = Ceilings{Session: limits.Limits{Budget: limits.Budget{MaxTokens: 1, TokensBy: "--max-session-tokens"}}}
	w.start(nil)
	n := w.f.AddIssue(testRepo, 0, "Queue backend", "We run Redis only for jobs.", "alice")
	if got := w.deliver("issue_comment", "d-budget", w.comment(n, "/war-room reason Should billing move to a queue?"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	w.settle()
	replies := appComments(w.f, n)
	last := replies[len(replies)-1].Body
	if !strings.Contains(last, "The session failed (budget)") || !strings.Contains(last, "over the ceiling of 1 (--max-session-tokens)") {
		t.Fatalf("last reply:\n%s", last)
	}
	ctx := context.Background()
	st := w.worldStore()
	ss, _ := st.ListSessions(ctx, "", 0)
	if len(ss) != 1 {
		t.Fatalf("sessions: %+v", ss)
	}
	l, _ := st.Ledger(ctx, ss[0].ID)
	if len(l) == 0 {
		t.Fatal("no ledger row: the refusal must be recorded")
	}
	for _, e := range l {
		if e.Outcome != ledger.OutcomeBudgetRefused {
			t.Errorf("a call went out: %+v", e)
		}
	}
}

// Outsiders cost nothing: forty commands by a user without permission get no reaction and
// one refusal between them, in the installation's write queue; the next UTC day a command
// gets one refusal again. A maintainer's command is not held up: it gets its 👀.
func TestOutsidersCostOneReplyADay(t *testing.T) {
	w := newAppWorld(t)
	clock := time.Date(2026, 3, 5, 23, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	w.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	w.start(nil)
	w.f.SetPermission(testRepo, "alice", "read")
	n := w.f.AddIssue(testRepo, 0, "Queue backend", "We run Redis only for jobs.", "alice")
	for i := range 40 {
		if got := w.deliver("issue_comment", fmt.Sprintf("d-outsider-%d", i), w.comment(n, "/war-room hi"), vectorSecret); got != http.StatusAccepted {
			t.Fatalf("delivery %d: %d", i, got)
		}
	}
	w.settle()
	if replies := appComments(w.f, n); len(replies) != 1 || !strings.Contains(replies[0].Body, "needs `write` permission") {
		t.Fatalf("%d replies to forty refused commands: %+v", len(replies), replies)
	}
	if got := reactionContents(w.f, n, "alice"); len(got) != 0 {
		t.Errorf("reactions to refused commands: %v", got)
	}
	if calls := w.providerCalls(); calls != 0 {
		t.Errorf("%d provider calls", calls)
	}
	mu.Lock()
	clock = clock.Add(2 * time.Hour) // the next UTC day
	mu.Unlock()
	w.deliver("issue_comment", "d-outsider-next-day", w.comment(n, "/war-room hi"), vectorSecret)
	w.settle()
	if replies := appComments(w.f, n); len(replies) != 2 {
		t.Errorf("%d replies after a refused command the next day, want 2", len(replies))
	}

	w.f.SetPermission(testRepo, "alice", "write")
	if got := w.deliver("issue_comment", "d-maintainer", w.comment(n, "/war-room help"), vectorSecret); got != http.StatusAccepted {
		t.Fatalf("delivery: %d", got)
	}
	w.settle()
	if got := reactionContents(w.f, n, "alice"); !slices.Contains(got, "eyes by "+appBot) {
		t.Errorf("the maintainer's command got no 👀: %v", got)
	}
}

// A repository's github.write_spacing over the server's ceiling is clamped to it, and the
// run's note says so; within it, nothing changes.
func TestWriteSpacingIsClampedToTheCeiling(t *testing.T) {
	c := Ceilings{WriteSpacing: 10 * time.Second}
	cfg := &loadedConfig{Config: &config.Config{}}
	cfg.GitHub.WriteSpacing = 20 * time.Minute
	c.clampWrites(cfg)
	if cfg.GitHub.WriteSpacing != 10*time.Second || cfg.GitHub.Discussions.MutationSpacing != 10*time.Second ||
		!strings.Contains(cfg.Note, "github.write_spacing 20m0s is over this server's ceiling (war-room serve --max-write-spacing=10s)") {
		t.Errorf("spacing %v/%v, note %q", cfg.GitHub.WriteSpacing, cfg.GitHub.Discussions.MutationSpacing, cfg.Note)
	}
	within := &loadedConfig{Config: &config.Config{}}
	within.GitHub.WriteSpacing = time.Second
	c.clampWrites(within)
	if within.GitHub.WriteSpacing != time.Second || within.Note != "" {
		t.Errorf("a spacing within the ceiling changed: %v %q", within.GitHub.WriteSpacing, within.Note)
	}
}
