package github

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	gogithub "github.com/google/go-github/v62/github"
	"github.com/war-room/war-room/internal/githubfake"
)

// Writes under one Key keep their spacing whichever client and worker sends them: here
// two connections (as two jobs of one installation would build) and four workers. The
// fake refuses a write closer than a second to the previous one, and none is refused.
func TestSpacingHoldsAcrossClientsAndWorkers(t *testing.T) {
	w := newWorld(t)
	w.f.SetMutationSpacing(time.Second, true)
	o := w.options()
	o.Spacing = time.Second
	clients := []*gogithub.Client{w.rest(o), w.rest(o)}
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for j := range 5 {
				if _, err := w.comment(ctx, clients[(i+j)%2], fmt.Sprintf("worker %d write %d", i, j)); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if v := w.f.SpacingViolations(); v != 0 {
		t.Errorf("%d writes came closer than a second", v)
	}
	assertSpaced(t, w.writes(), time.Second)
	if w.storedComments() != 20 {
		t.Errorf("%d comments, want 20", w.storedComments())
	}
}

// assertSpaced fails t for two calls closer than d by the fake's clock.
func assertSpaced(t *testing.T, calls []githubfake.Call, d time.Duration) {
	t.Helper()
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].Time.Before(calls[j].Time) })
	for i := 1; i < len(calls); i++ {
		if gap := calls[i].Time.Sub(calls[i-1].Time); gap < d {
			t.Errorf("%s %s came %v after %s %s", calls[i].Method, calls[i].Path, gap, calls[i-1].Method, calls[i-1].Path)
		}
	}
}

// Another Key (another installation) is not held back; reads are never spaced; the spacing
// is counted from the previous write's answer.
func TestSpacingIsPerKeyAndWritesOnly(t *testing.T) {
	w := newWorld(t)
	a, b := w.options(), w.options()
	a.Spacing, b.Spacing, b.Key = time.Second, time.Second, b.Key+"/other"
	ca, cb, ctx := w.rest(a), w.rest(b), context.Background()
	for _, c := range []*gogithub.Client{ca, cb} {
		if _, err := w.comment(ctx, c, "x"); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := ca.Repositories.Get(ctx, "acme", "widgets"); err != nil {
		t.Fatal(err)
	}
	if s := w.clk.Slept(); len(s) != 0 {
		t.Errorf("slept %v before a first write per key and a read", s)
	}
	w.clk.Advance(300 * time.Millisecond)
	if _, err := w.comment(ctx, ca, "y"); err != nil {
		t.Fatal(err)
	}
	if s := w.clk.Slept(); !slices.Equal(s, []time.Duration{700 * time.Millisecond}) {
		t.Errorf("slept %v, want the rest of the second", s)
	}
}

// A last write dated ahead of this clock (a persisted time from another machine) holds the
// next write back one spacing at most.
func TestSpacingFromAnotherClockIsCapped(t *testing.T) {
	w := newWorld(t)
	o := w.options()
	o.Spacing = time.Second
	tr := NewTransport(w.f.Client(botToken).Transport, o)
	tr.ObserveWrite(w.clk.Now().Add(time.Hour))
	c, _ := REST(&http.Client{Transport: tr}, w.f.URL())
	if _, err := w.comment(context.Background(), c, "x"); err != nil {
		t.Fatal(err)
	}
	if s := w.clk.Slept(); !slices.Equal(s, []time.Duration{time.Second}) {
		t.Errorf("slept %v", s)
	}
}

// On an App installation (a Shared Key) a repository's own spacing holds back only that
// repository: while one repository's second write waits out its twenty minutes — here a
// sleep that does not end until the test lets it — another repository of the installation
// writes, and nothing waits while holding the installation's turn. The installation's own
// second still spaces the two repositories' writes.
func TestRepositorySpacingHoldsBackOnlyItsRepository(t *testing.T) {
	w := newWorld(t)
	installation := w.options()
	installation.Spacing, installation.Shared = time.Second, true
	slow, quick := installation, installation
	slow.Repo, quick.Repo = "acme/slow", "acme/quick"
	slow.SetSpacing(20 * time.Minute)
	quick.SetSpacing(0)
	if slow.Spacing != time.Second || slow.RepoSpacing != 20*time.Minute {
		t.Fatalf("SetSpacing on a shared key set Spacing %s RepoSpacing %s", slow.Spacing, slow.RepoSpacing)
	}
	asleep, wake := make(chan time.Duration, 4), make(chan struct{})
	slow.Sleep = func(ctx context.Context, d time.Duration) error {
		asleep <- d
		<-wake
		w.clk.Advance(d)
		return ctx.Err()
	}
	slowC, quickC, ctx := w.rest(slow), w.rest(quick), context.Background()
	if _, err := w.comment(ctx, slowC, "slow 1"); err != nil {
		t.Fatal(err)
	}
	second := make(chan error, 1)
	go func() { _, err := w.comment(ctx, slowC, "slow 2"); second <- err }()
	if d := <-asleep; d != 20*time.Minute {
		t.Fatalf("the slow repository's second write slept %s, want its 20m", d)
	}
	// The slow repository is asleep on its own spacing; the quick one writes meanwhile,
	// after the installation's second.
	if _, err := w.comment(ctx, quickC, "quick 1"); err != nil {
		t.Fatal(err)
	}
	if _, err := w.comment(ctx, quickC, "quick 2"); err != nil {
		t.Fatal(err)
	}
	if got := w.storedComments(); got != 3 {
		t.Fatalf("%d comments stored while the slow repository waited, want 3", got)
	}
	close(wake)
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	assertSpaced(t, w.writes(), time.Second)
	if got := w.storedComments(); got != 4 {
		t.Errorf("%d comments, want 4", got)
	}
	if s := w.clk.Slept(); !slices.Equal(s, []time.Duration{time.Second, time.Second}) {
		t.Errorf("the quick repository slept %v, want the installation's second before each write", s)
	}
}

// A token's Key (the Action, the CLI) is one repository's or one person's: a
// configuration's spacing is the Key's own.
func TestSpacingOfAnUnsharedKeyIsTheKeys(t *testing.T) {
	o := Options{Spacing: time.Second}
	o.SetSpacing(5 * time.Second)
	if o.Spacing != 5*time.Second || o.RepoSpacing != 0 {
		t.Errorf("Spacing %s RepoSpacing %s, want 5s and none", o.Spacing, o.RepoSpacing)
	}
}
