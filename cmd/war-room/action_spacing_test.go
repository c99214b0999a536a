package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/war-room/war-room/bot"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/store/sqlite"
)

// An Action run, the real binary on the real clock, leaves no two of its writes closer than
// the configured spacing — REST and GraphQL alike, reaction to reply — by the fake's own
// clock. The spacing is small so the test is quick; a slow machine only makes the gaps
// longer.
func TestActionWritesAreSpaced(t *testing.T) {
	const spacing = 150 * time.Millisecond
	cfg := writesConfig(t, spacing.String())
	w := newActionWorld(t, cfg)
	w.f.SetMutationSpacing(spacing, false)
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	r, _ := w.say("alice", n, "/war-room Should we move the job queue into PostgreSQL?")
	wantNoError(t, r)
	writes := botWrites(w.f)
	if len(writes) < 12 {
		t.Fatalf("only %d writes: the run did not get far\n%s", len(writes), r.stderr)
	}
	assertSpaced(t, w.f, spacing)
	var rest, graphQL int
	for _, c := range writes {
		if c.GraphQL {
			graphQL++
		} else {
			rest++
		}
	}
	if rest < 5 || graphQL < 5 {
		t.Errorf("%d REST and %d GraphQL writes: want both kinds spaced together", rest, graphQL)
	}
}

// The App with four workers running ten commands at once on one installation: every job
// builds its own connection, as the queue's worker does, and still no two of the
// installation's writes come closer than the spacing. Handlers run in-process on a manual
// clock, so the hundreds of one-second gaps cost no real time.
func TestAppWorkersKeepTheSpacing(t *testing.T) {
	const commands, workers = 10, 4
	// Installation tokens expire an hour after the fake's clock says they were made, and
	// ghinstallation judges that by the real clock: start the manual clock at now.
	clk := githubfake.NewClock(time.Now().UTC().Truncate(time.Second))
	w := newActionWorld(t, writesConfig(t, "1s"))
	w.f.SetClock(clk.Now)
	w.f.AddInstallation(appInstallation, appLogin)
	w.user("alice", "write")
	files := newAppFiles(t)
	key, err := os.ReadFile(files.key)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	clients, err := bot.NewAppClients(ctx, bot.AppCredentials{AppID: 7, PrivateKey: key, APIURL: w.f.URL(),
		GraphQLURL: w.f.GraphQLURL(), Slug: "war-room"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	clients.UseWrites(wr.Options{Spacing: wr.DefaultSpacing, Now: clk.Now, Sleep: clk.Sleep, AfterFunc: clk.AfterFunc})
	st, err := sqlite.Open(ctx, files.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e := &env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
	base := (&serveFlags{allowLocal: true}).deps(e, st, slog.New(slog.DiscardHandler), "spacing-test")
	base.Now = clk.Now

	events := make(chan []byte, commands)
	issues := make([]int, commands)
	for i := range commands {
		issues[i] = w.f.AddIssue(aRepo, 0, fmt.Sprintf("Queue backend %d", i), "We run Redis only for the job queue.", "alice")
		body := fmt.Sprintf("/war-room Should service %d move its job queue into PostgreSQL?", i)
		events <- appEvent(t, w, issues[i], w.comment("alice", issues[i], body), body)
	}
	close(events)
	w.f.SetMutationSpacing(time.Second, true) // alice's ten comments came at one instant
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for ev := range events {
				d := base
				gh, err := clients.Installation(appInstallation)
				if err != nil {
					t.Error(err)
					return
				}
				d.GitHub = gh
				if err := (&bot.IssueComment{Deps: &d}).Handle(ctx, "issue_comment", "d", ev); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	var writes []githubfake.Call
	for _, c := range w.f.Calls() {
		if c.Mutation && c.Login == appLogin {
			writes = append(writes, c)
		}
	}
	if len(writes) < commands*12 {
		t.Fatalf("%d writes for %d commands: the sessions did not get far", len(writes), commands)
	}
	if v := w.f.SpacingViolations(); v != 0 {
		t.Errorf("%d of %d writes came closer than a second to the one before", v, len(writes))
	}
	for _, n := range issues {
		if got := appComments(w, n); len(got) != 2 || !strings.Contains(got[1].Body, "/discussions/") {
			t.Errorf("#%d: %d comments by the App, want the progress comment and a reply linking the decision", n, len(got))
		}
	}
}
