package githubfake_test

import (
	"context"
	"testing"

	"github.com/google/go-github/v62/github"
)

func TestListIssuesFiltersByLabelAndPages(t *testing.T) {
	w := newWorld(t)
	gh := ghClient(t, w, botToken)
	ctx := context.Background()
	var deferred []int
	for i, title := range []string{"a", "b", "c", "d", "e"} {
		req := &github.IssueRequest{Title: github.String(title)}
		if i%2 == 0 {
			req.Labels = &[]string{"deferred"}
		}
		is, _, err := gh.Issues.Create(ctx, "acme", "widgets", req)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			deferred = append([]int{is.GetNumber()}, deferred...) // newest first
		}
	}
	opt := &github.IssueListByRepoOptions{State: "all", Labels: []string{"deferred"}, ListOptions: github.ListOptions{PerPage: 2}}
	var got []int
	for {
		list, resp, err := gh.Issues.ListByRepo(ctx, "acme", "widgets", opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, is := range list {
			got = append(got, is.GetNumber())
		}
		if resp.NextPage == 0 {
			break
		}
		opt.Page = resp.NextPage
	}
	if len(got) != len(deferred) {
		t.Fatalf("listed %v, want %v", got, deferred)
	}
	for i := range got {
		if got[i] != deferred[i] {
			t.Fatalf("listed %v, want %v", got, deferred)
		}
	}
	if _, _, err := gh.Issues.ListByRepo(ctx, "acme", "widgets", &github.IssueListByRepoOptions{State: "sideways"}); err == nil {
		t.Fatal("an unknown state must be refused")
	}
}
