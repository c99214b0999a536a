package main

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/war-room/war-room/bot/thread"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/internal/githubfake"
)

// writesConfig is reasonConfig with GitHub's own second between writes and a progress
// throttle no run reaches, so that a clean run's writes are always the same ones.
func writesConfig(t *testing.T, spacing string) string {
	return reasonProfiles(t) + fmt.Sprintf(`github:
  write_spacing: %s
  progress:
    throttle: 24h
  discussions:
    prior_check: "off"
`, spacing)
}

// commandWorld is a repository with one /war-room command on an issue, on a manual clock
// the fake and the in-process runs share.
type commandWorld struct {
	*actionWorld
	// login is the bot's (the Action's github-actions[bot], or the App's).
	login string
	clk   *githubfake.Clock
	issue int
	id    int64
	event string
}

func newCommandWorld(t *testing.T) *commandWorld {
	w := newActionWorld(t, writesConfig(t, "1s"))
	clk := githubfake.NewClock(time.Date(2026, 3, 5, 9, 0, 0, 0, time.UTC))
	w.f.SetClock(clk.Now)
	w.f.SetMutationSpacing(time.Second, true)
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Queue backend", "We run Redis only for the job queue.", "alice")
	body := "/war-room Should we move the job queue into PostgreSQL?"
	id := w.comment("alice", n, body)
	return &commandWorld{actionWorld: w, login: aBotLogin, clk: clk, issue: n, id: id, event: w.commentEvent("created", n, id, "alice", body)}
}

func (w *commandWorld) runCommand() actionRun {
	return w.runHere(w.clk, "issue_comment", w.event, nil, nil)
}

// botWrites are the bot's writes in the order GitHub received them.
func botWrites(f *githubfake.Fake) []githubfake.Call {
	var out []githubfake.Call
	for _, c := range f.Calls() {
		if c.Mutation && c.Login == aBotLogin {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time.Before(out[j].Time) })
	return out
}

// assertSpaced fails t for two of the bot's writes closer than d on the fake's clock.
func assertSpaced(t *testing.T, f *githubfake.Fake, d time.Duration) {
	t.Helper()
	calls := botWrites(f)
	for i := 1; i < len(calls); i++ {
		if gap := calls[i].Time.Sub(calls[i-1].Time); gap < d {
			t.Errorf("write %d (%s %s) came %v after %s %s", i, calls[i].Method, calls[i].Path, gap, calls[i-1].Method, calls[i-1].Path)
		}
	}
	if v := f.SpacingViolations(); v != 0 {
		t.Errorf("%d writes came closer than %v", v, d)
	}
}

// commandEnd is what a finished command leaves on GitHub that a person sees.
type commandEnd struct {
	parts     []string // the decision's comments, by marker part, in order
	labels    []string
	answered  bool
	logRow    bool
	progress  thread.State
	reply     string
	reactions []string
}

// endOf reads the command's end state, failing t where there is more than one of anything
// that must be one.
func (w *commandWorld) endOf(t *testing.T) commandEnd {
	t.Helper()
	var e commandEnd
	var published, log *githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		d := d
		target := &published
		if d.Title == discussions.LogTitle {
			target = &log
		}
		if *target != nil {
			t.Errorf("a second discussion %q (#%d)", d.Title, d.Number)
		}
		*target = &d
	}
	if published == nil || log == nil {
		t.Fatalf("decision %v, log %v", published, log)
	}
	for _, c := range w.f.Comments(published.ID) {
		if m, ok := discussions.ParseMarker(c.Body); ok && c.Author == w.login {
			e.parts = append(e.parts, m.Part)
		}
	}
	e.labels, e.answered = slices.Sorted(slices.Values(published.Labels)), published.AnswerID != ""
	e.logRow = strings.Contains(log.Body, fmt.Sprintf("#%d", published.Number))
	var progress, replies int
	for _, c := range commentsBy(w.actionWorld, w.issue, w.login) {
		if st, ok := thread.ParseState(c.Body); ok {
			progress++
			e.progress = st
		} else if strings.HasPrefix(c.Body, fmt.Sprintf("<!-- war-room:reply comment=%d -->\n", w.id)) {
			replies++
			e.reply = c.Body
		} else {
			t.Errorf("a bot comment that is neither the progress comment nor the reply:\n%s", c.Body)
		}
	}
	if progress != 1 || replies != 1 {
		t.Errorf("%d progress comments and %d replies, want one of each", progress, replies)
	}
	if !strings.HasSuffix(e.progress.Discussion, fmt.Sprintf("/discussions/%d", published.Number)) || !strings.Contains(e.reply, e.progress.Discussion) {
		t.Errorf("progress names %q and the reply says %q; want decision #%d", e.progress.Discussion, e.reply, published.Number)
	}
	e.reactions = reactionsOn(w.actionWorld, w.issue, w.id)
	return e
}

// sameEnd fails t where got differs from a clean run's end.
func sameEnd(t *testing.T, got, want commandEnd) {
	t.Helper()
	if !slices.Equal(got.parts, want.parts) {
		t.Errorf("decision comments %v, want %v", got.parts, want.parts)
	}
	if !slices.Equal(got.labels, want.labels) || got.answered != want.answered || !got.logRow {
		t.Errorf("labels %v answered %v log row %v, want %v %v true", got.labels, got.answered, got.logRow, want.labels, want.answered)
	}
	if got.progress.Status != thread.StatusCompleted {
		t.Errorf("progress comment says %s, want completed", got.progress.Status)
	}
	if !slices.Equal(got.reactions, want.reactions) {
		t.Errorf("reactions %v, want %v", got.reactions, want.reactions)
	}
}
