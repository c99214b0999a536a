package githubfake_test

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/internal/githubfake"
)

// A pull request seeded without commits lists one, at the head, carrying the title; each
// push appends one whose parent is the previous head.
func TestPullCommitsDefaultAndMovedHead(t *testing.T) {
	w := newWorld(t)
	n := addSamplePull(w)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	commits, _, err := gh.PullRequests.ListCommits(ctx, "acme", "widgets", n, nil)
	if err != nil || len(commits) != 1 {
		t.Fatalf("list: %v %+v", err, commits)
	}
	c := commits[0]
	if c.GetSHA() != "f00d" || c.GetCommit().GetMessage() != "Add main" || c.GetAuthor().GetLogin() != "alice" ||
		len(c.Parents) != 1 || c.Parents[0].GetSHA() != "b0b0" || c.GetNodeID() == "" {
		t.Errorf("default commit = %+v", c)
	}
	if got := c.GetCommit().GetAuthor().GetEmail(); !strings.HasSuffix(got, "+alice@users.noreply.github.com") {
		t.Errorf("git author email = %q", got)
	}

	w.MovePullHead(repoName, n, "beef", "")
	commits, _, err = gh.PullRequests.ListCommits(ctx, "acme", "widgets", n, nil)
	if err != nil || len(commits) != 2 || commits[1].GetSHA() != "beef" || commits[1].Parents[0].GetSHA() != "f00d" {
		t.Fatalf("after a push: %v %+v", err, commits)
	}
	if pr, _, _ := gh.PullRequests.Get(ctx, "acme", "widgets", n); pr.GetCommits() != 2 {
		t.Errorf("pull request counts %d commits, want 2", pr.GetCommits())
	}
	if _, resp, err := gh.PullRequests.ListCommits(ctx, "acme", "widgets", w.AddIssue(repoName, 0, "t", "b", "alice"), nil); err == nil || resp.StatusCode != 404 {
		t.Errorf("an issue has no commits: %v", err)
	}
}

// Seeded commits keep their messages (trailers included) and authors; the last one is the
// head, and commits seeded without a SHA get distinct made-up ones.
func TestPullCommitsSeeded(t *testing.T) {
	w := newWorld(t)
	msg := "Spin faster\n\nCo-authored-by: Claude <noreply@anthropic.com>"
	n := w.AddPull(repoName, githubfake.PullSpec{Title: "Spin", Author: "alice", BaseRef: "main", BaseSHA: "b0b0",
		HeadRef: "feature", HeadSHA: "f00d", Commits: []githubfake.CommitSpec{
			{Message: "Add spin"}, {Message: msg, AuthorLogin: "bob"}, {Message: "Fix typo"},
		}})
	w.PushPullCommits(repoName, n, "", githubfake.CommitSpec{SHA: "cafe", Message: "Later"})
	commits, _, err := ghClient(t, w, userTok).PullRequests.ListCommits(context.Background(), "acme", "widgets", n, nil)
	if err != nil || len(commits) != 4 {
		t.Fatalf("list: %v %+v", err, commits)
	}
	var got []string
	for _, c := range commits {
		got = append(got, c.GetSHA()[:min(4, len(c.GetSHA()))]+" "+c.GetAuthor().GetLogin()+" "+c.GetCommit().GetMessage())
	}
	hex40 := regexp.MustCompile(`^[0-9a-f]{40}$`)
	if !hex40.MatchString(commits[0].GetSHA()) || !hex40.MatchString(commits[1].GetSHA()) || commits[0].GetSHA() == commits[1].GetSHA() {
		t.Errorf("made-up SHAs: %s %s", commits[0].GetSHA(), commits[1].GetSHA())
	}
	want := []string{commits[0].GetSHA()[:4] + " alice Add spin", commits[1].GetSHA()[:4] + " bob " + msg, "f00d alice Fix typo", "cafe alice Later"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("commits:\n got %q\nwant %q", got, want)
	}
	if commits[1].Parents[0].GetSHA() != commits[0].GetSHA() || commits[3].Parents[0].GetSHA() != "f00d" {
		t.Errorf("parents do not chain")
	}
	if is := w.Issues(repoName)[0]; is.HeadSHA != "cafe" {
		t.Errorf("head after the push = %s", is.HeadSHA)
	}
}

// Paged like every GitHub list (per_page ≤ 100, Link header), and capped at 250 commits as
// GitHub documents; the pull request still counts them all.
func TestPullCommitsPagedAndCappedAt250(t *testing.T) {
	w := newWorld(t)
	n := addSamplePull(w)
	var pushed []githubfake.CommitSpec
	for i := range 299 {
		pushed = append(pushed, githubfake.CommitSpec{Message: fmt.Sprintf("commit %d", i+2)})
	}
	w.PushPullCommits(repoName, n, "", pushed...)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	opt := &github.ListOptions{PerPage: 100}
	var pages []int
	var all []*github.RepositoryCommit
	for {
		cs, resp, err := gh.PullRequests.ListCommits(ctx, "acme", "widgets", n, opt)
		if err != nil {
			t.Fatal(err)
		}
		pages, all = append(pages, len(cs)), append(all, cs...)
		if resp.NextPage == 0 {
			if resp.LastPage != 0 || opt.Page != 3 {
				t.Errorf("stopped on page %d", opt.Page)
			}
			break
		}
		opt.Page = resp.NextPage
	}
	if fmt.Sprint(pages) != "[100 100 50]" || all[0].GetSHA() != "f00d" || all[249].GetCommit().GetMessage() != "commit 250" {
		t.Errorf("pages %v, first %s, last %q", pages, all[0].GetSHA(), all[len(all)-1].GetCommit().GetMessage())
	}
	cs, _, err := gh.PullRequests.ListCommits(ctx, "acme", "widgets", n, nil)
	if err != nil || len(cs) != 30 {
		t.Errorf("default page: %v %d", err, len(cs))
	}
	if pr, _, _ := gh.PullRequests.Get(ctx, "acme", "widgets", n); pr.GetCommits() != 300 {
		t.Errorf("pull request counts %d commits, want 300", pr.GetCommits())
	}
}

// A seeded last commit that is not the head is a mistake in the test, reported at AddPull.
func TestPullCommitsLastMustBeTheHead(t *testing.T) {
	rec := &fatalRecorder{TB: t}
	f := githubfake.New(rec)
	f.AddRepo("acme", "widgets", githubfake.RepoOptions{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		f.AddPull(repoName, githubfake.PullSpec{Author: "alice", BaseRef: "main", BaseSHA: "b0b0", HeadRef: "feature",
			HeadSHA: "f00d", Commits: []githubfake.CommitSpec{{SHA: "dead", Message: "x"}}})
	}()
	<-done
	if !strings.Contains(rec.fatal, "is not the head") {
		t.Errorf("fatal = %q", rec.fatal)
	}
}

// fatalRecorder keeps a Fatalf instead of failing the test, and stops the goroutine as
// testing.T would.
type fatalRecorder struct {
	testing.TB
	fatal string
}

func (r *fatalRecorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
