package githubfake_test

import (
	"context"
	"strings"
	"testing"

	"github.com/shurcooL/githubv4"
)

type repoQuery struct {
	Repository struct {
		ID                    githubv4.ID
		HasDiscussionsEnabled bool
		DiscussionCategories  struct {
			Nodes []struct {
				ID           githubv4.ID
				Name, Slug   string
				IsAnswerable bool
			}
		} `graphql:"discussionCategories(first: 25)"`
		Label *struct{ ID githubv4.ID } `graphql:"label(name: $label)"`
	} `graphql:"repository(owner: $owner, name: $name)"`
}

type createMutation struct {
	CreateDiscussion struct {
		Discussion struct {
			ID     githubv4.ID
			Number int
			URL    string
			Author struct{ Login string }
		}
	} `graphql:"createDiscussion(input: $input)"`
}

// A document built by shurcooL/githubv4 — what discussions/ sends — is accepted and
// executed, and the mutation's effect is visible in the fake's state.
func TestGithubv4QueryAndMutation(t *testing.T) {
	w := newWorld(t)
	client := githubv4.NewEnterpriseClient(w.GraphQLURL(), w.Client(botToken))
	ctx := context.Background()

	var q repoQuery
	err := client.Query(ctx, &q, map[string]any{
		"owner": githubv4.String("acme"), "name": githubv4.String("widgets"), "label": githubv4.String("WAR-ROOM"),
	})
	if err != nil {
		t.Fatalf("query: %v", err)
	}
	if q.Repository.ID != w.repoID || !q.Repository.HasDiscussionsEnabled {
		t.Errorf("repository = %+v", q.Repository)
	}
	cats := q.Repository.DiscussionCategories.Nodes
	if len(cats) != 2 || cats[1].Slug != "decisions" || !cats[1].IsAnswerable || cats[0].IsAnswerable {
		t.Errorf("categories = %+v", cats)
	}
	if q.Repository.Label == nil || q.Repository.Label.ID != w.decisionLabel {
		t.Errorf("label lookup is case-insensitive on GitHub; got %+v", q.Repository.Label)
	}

	var m createMutation
	in := githubv4.CreateDiscussionInput{RepositoryID: w.repoID, CategoryID: w.qaID,
		Title: "Adopt SQLite", Body: "Decision body <!-- war-room:session=s1 part=body -->"}
	if err := client.Mutate(ctx, &m, in, nil); err != nil {
		t.Fatalf("mutate: %v", err)
	}
	d := m.CreateDiscussion.Discussion
	if d.Number != 1 || !strings.HasSuffix(d.URL, "/acme/widgets/discussions/1") || d.Author.Login != "war-room" {
		t.Errorf("created = %+v (GraphQL reports a bot login without [bot])", d)
	}
	stored := w.Discussions(repoName)
	if len(stored) != 1 || stored[0].ID != d.ID || stored[0].Category != "decisions" || stored[0].Author != "war-room[bot]" {
		t.Errorf("stored = %+v", stored)
	}

	var c struct {
		AddDiscussionComment struct {
			Comment struct {
				ID       githubv4.ID
				IsAnswer bool
				ReplyTo  *struct{ ID githubv4.ID }
			}
		} `graphql:"addDiscussionComment(input: $input)"`
	}
	if err := client.Mutate(ctx, &c, githubv4.AddDiscussionCommentInput{DiscussionID: d.ID, Body: "phase 1"}, nil); err != nil {
		t.Fatalf("comment: %v", err)
	}
	parent := c.AddDiscussionComment.Comment.ID
	reply := githubv4.ID(parent)
	if err := client.Mutate(ctx, &c, githubv4.AddDiscussionCommentInput{DiscussionID: d.ID, Body: "reply", ReplyToID: &reply}, nil); err != nil {
		t.Fatalf("reply: %v", err)
	}
	if c.AddDiscussionComment.Comment.ReplyTo == nil || c.AddDiscussionComment.Comment.ReplyTo.ID != parent {
		t.Errorf("reply = %+v", c.AddDiscussionComment.Comment)
	}
	if got := w.Comments(d.ID.(string)); len(got) != 2 || got[1].ReplyToID != parent {
		t.Errorf("comments = %+v", got)
	}
}

// An error answer surfaces as an error from githubv4, never as a silent success.
func TestGithubv4SeesInvalidDocumentsAsErrors(t *testing.T) {
	w := newWorld(t)
	client := githubv4.NewEnterpriseClient(w.GraphQLURL(), w.Client(botToken))
	var q struct {
		Repository struct{ Nmae string } `graphql:"repository(owner: $owner, name: $name)"`
	}
	err := client.Query(context.Background(), &q, map[string]any{"owner": githubv4.String("acme"), "name": githubv4.String("widgets")})
	if err == nil || !strings.Contains(err.Error(), "Field 'nmae' doesn't exist on type 'Repository'") {
		t.Fatalf("err = %v", err)
	}
}
