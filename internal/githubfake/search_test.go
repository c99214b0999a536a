package githubfake_test

import (
	"slices"
	"testing"

	"github.com/war-room/war-room/internal/githubfake"
)

func searchTitles(t *testing.T, w world, q string) []string {
	t.Helper()
	res := postGQL(t, w.Fake, userTok, `query($q: String!) { search(query: $q, type: DISCUSSION, first: 50) {
		discussionCount nodes { ... on Discussion { title } } } }`, map[string]any{"q": q})
	if len(res.Errors) > 0 {
		t.Fatalf("search %q: %v", q, res.Errors)
	}
	var out []string
	for _, n := range dig(res.Data, "search", "nodes").([]any) {
		out = append(out, dig(n, "title").(string))
	}
	if int(dig(res.Data, "search", "discussionCount").(float64)) != len(out) {
		t.Errorf("discussionCount disagrees with nodes for %q", q)
	}
	slices.Sort(out)
	return out
}

func TestSearchFilters(t *testing.T) {
	w := newWorld(t)
	w.AddRepo("acme", "other", githubfake.RepoOptions{DiscussionsEnabled: true})
	w.AddDiscussionCategory("acme/other", "Decisions", "decisions", true)
	w.AddDiscussion(repoName, githubfake.DiscussionSpec{Category: "decisions", Title: "Adopt SQLite storage",
		Body: "We chose the embedded database.", Author: "alice", Labels: []string{"war-room"}})
	w.AddDiscussion(repoName, githubfake.DiscussionSpec{Category: "ideas", Title: "Caching layer",
		Body: "Should we adopt sqlite for the cache?", Author: "war-room[bot]"})
	w.AddDiscussion("acme/other", githubfake.DiscussionSpec{Category: "decisions", Title: "Adopt SQLite elsewhere", Body: "b", Author: "alice"})

	for q, want := range map[string][]string{
		"repo:acme/widgets sqlite":                {"Adopt SQLite storage", "Caching layer"},
		"repo:acme/widgets SQLITE in:title":       {"Adopt SQLite storage"},
		"repo:acme/widgets sqlite in:body":        {"Caching layer"},
		"sqlite adopt":                            {"Adopt SQLite elsewhere", "Adopt SQLite storage", "Caching layer"},
		"sqlite embedded":                         {"Adopt SQLite storage"},
		`repo:acme/widgets category:Decisions`:    {"Adopt SQLite storage"},
		`repo:acme/widgets label:"war-room"`:      {"Adopt SQLite storage"},
		`repo:acme/widgets label:missing`:         nil,
		`"embedded database"`:                     {"Adopt SQLite storage"},
		`"database embedded"`:                     nil,
		"sql":                                     nil, // whole words, not substrings
		"repo:acme/widgets author:war-room":       {"Caching layer"},
		"repo:ACME/Widgets is:unanswered caching": {"Caching layer"},
	} {
		if got := searchTitles(t, w, q); !slices.Equal(got, want) {
			t.Errorf("search %q = %q, want %q", q, got, want)
		}
	}
}

// A new discussion stays out of the next N searches, as GitHub's index lags; a retry that
// searched before writing would miss it and write a duplicate.
func TestSearchLag(t *testing.T) {
	w := newWorld(t)
	w.SetSearchLag(2)
	createDiscussion(t, w, botToken, w.ideasID, "Fresh decision", "body")
	for i := 1; i <= 2; i++ {
		if got := searchTitles(t, w, "repo:acme/widgets fresh"); len(got) != 0 {
			t.Fatalf("search %d after the write found %q; lag is 2", i, got)
		}
	}
	if got := searchTitles(t, w, "repo:acme/widgets fresh"); len(got) != 1 {
		t.Errorf("third search = %q, want the discussion", got)
	}
	// Listing the repository's discussions is not lagged.
	res := postGQL(t, w.Fake, userTok, `{ repository(owner: "acme", name: "widgets") { discussions(first: 5) { totalCount } } }`, nil)
	if dig(res.Data, "repository", "discussions", "totalCount") != 1.0 {
		t.Errorf("list = %v", res.Data)
	}
}
