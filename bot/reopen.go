package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/google/go-github/v62/github"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	wr "github.com/war-room/war-room/internal/github"
	"github.com/war-room/war-room/internal/safetext"
)

// reopen answers /war-room reopen on a decision's discussion: when a trip-wire has tripped (a
// reader ticked it there) or the maintainer says why, the question is deliberated again, by
// the same protocol, on a new issue that says why, and the decision it reaches supersedes
// this one. The issue is opened once per command (a retried job finds it by its marker), and
// the session runs as one started by a comment there, under the same ceilings, attributed to
// the maintainer who reopened it. A decision whose record no longer verifies is not reopened:
// its question and trip-wires could have been edited.
func (h *DiscussionComment) reopen(ctx context.Context, d *Deps, cfg *loadedConfig, ev *discussionCommentEvent, cmd command,
	perm permission, store engine.Store, reply func(string) error) error {
	author := ev.Comment.User.Login
	repo, number := ev.Repository.repo(), ev.Discussion.Number
	p := d.discussionsPublisher(cfg.Config)
	rec, err := p.ReadRecord(ctx, discussionsRepo(repo), number)
	if errors.Is(err, discussions.ErrNoRecord) {
		return reply(fmt.Sprintf("@%s This discussion is not a decision war-room recorded, so there is nothing to reopen.", author))
	}
	if err != nil {
		return err
	}
	if probs := rec.Report().Problems; len(probs) > 0 {
		return reply(fmt.Sprintf("@%s Not reopened: the record of #%d no longer verifies (%s), so its question and trip-wires "+
			"cannot be trusted. Start a new deliberation on an issue instead.", author, number, safetext.Inline(probs[0].Describe())))
	}
	dec, err := rec.PublishedDecision()
	if err != nil {
		return err
	}
	tripped := rec.Tripped()
	if len(tripped) == 0 && cmd.Text == "" {
		return reply(fmt.Sprintf("@%s Tick the trip-wire that tripped under \"What would change this decision\", or say why: "+
			"`%s reopen <what changed>`.", author, prefix))
	}
	is, err := d.reopenIssue(ctx, repo, number, ev.Comment.ID, author, dec, tripped, cmd.Text)
	if err != nil {
		return err
	}
	if err := reply(fmt.Sprintf("@%s Reopened as #%d: war-room deliberates the question again there, and the decision it "+
		"reaches will supersede #%d.", author, is.GetNumber(), number)); err != nil {
		return err
	}
	// The session runs as if the maintainer had asked on the new issue: the issue's opening
	// comment (ours, saying who reopened it) stands for the command.
	opening, _, err := d.GitHub.EnsureComment(ctx, repo, is.GetNumber(), "reopening comment",
		reopenMarker(number, ev.Comment.ID)+"\n"+fmt.Sprintf("@%s reopened #%d from its discussion. The deliberation follows.", author, number),
		func(c *github.IssueComment) bool {
			return strings.HasPrefix(c.GetBody(), reopenMarker(number, ev.Comment.ID))
		})
	if err != nil {
		return err
	}
	iev := &issueCommentEvent{Action: "created", Repository: ev.Repository}
	iev.Issue.Number, iev.Issue.Title, iev.Issue.Body = is.GetNumber(), is.GetTitle(), is.GetBody()
	iev.Comment.ID, iev.Comment.User, iev.Comment.HTMLURL = opening.GetID(), ev.Comment.User, opening.GetHTMLURL()
	t := &commandThread{d: d, ev: iev, repo: repo, log: d.log().With("thread", fmt.Sprintf("%s#%d", ev.Repository.FullName, is.GetNumber())),
		store: store, perm: perm}
	release, ok, err := d.holds(ctx, store, threadLease(repo, is.GetNumber()))
	if err != nil {
		return err
	}
	if !ok {
		return errThreadBusy
	}
	defer release()
	run := command{Kind: kindRun, Protocol: dec.Protocol, Question: dec.Question,
		Supersede: number}
	err = t.start(ctx, cfg, run)
	return errors.Join(append([]error{err}, t.lost...)...)
}

func reopenMarker(number int, commentID int64) string {
	return fmt.Sprintf("<!-- war-room:reopen of=%d comment=%d -->", number, commentID)
}

// reopenIssue opens the issue a reopened question is deliberated on, once: war-room's own
// text (who reopened which decision, the question, the tripped trip-wires, the reason in its
// author's words, each re-rendered from the allowlist), found again by its marker.
func (d *Deps) reopenIssue(ctx context.Context, repo Repo, number int, commentID int64, author string, dec *decision.Decision,
	tripped []string, why string) (*github.Issue, error) {
	marker := reopenMarker(number, commentID)
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n**Reopened** by @%s: decision #%d is deliberated again here, and the decision reached will supersede it.\n\n",
		marker, author, number)
	fmt.Fprintf(&b, "**The question, as #%d recorded it**\n\n%s\n\n", number, safetext.Quote(dec.Question))
	if len(tripped) > 0 {
		fmt.Fprintf(&b, "**Ticked on #%d under \"What would change this decision\"**\n\n", number)
		for _, t := range tripped {
			b.WriteString("- " + safetext.Phrase(t) + "\n")
		}
		b.WriteString("\n")
	}
	if why != "" {
		fmt.Fprintf(&b, "**Why, in @%s's words**\n\n%s\n", author, safetext.Quote(why))
	}
	title := "Reopen #" + fmt.Sprint(number) + ": " + safetext.Headline(dec.Question, 200)
	is, _, err := wr.Ensure(ctx, d.GitHub.writeOptions(), wr.Find[*github.Issue]{
		What: "reopened issue",
		List: func(ctx context.Context) ([]*github.Issue, error) {
			page, _, err := d.GitHub.REST.Issues.ListByRepo(ctx, repo.Owner, repo.Name, &github.IssueListByRepoOptions{State: "all",
				Creator: d.GitHub.Login, ListOptions: github.ListOptions{PerPage: 100}})
			return page, err
		},
		Match: func(is *github.Issue) bool { return strings.HasPrefix(is.GetBody(), marker) },
		Create: func(ctx context.Context) (*github.Issue, error) {
			is, _, err := d.GitHub.REST.Issues.Create(ctx, repo.Owner, repo.Name, &github.IssueRequest{Title: github.String(title),
				Body: github.String(b.String())})
			return is, err
		},
	})
	if err != nil {
		return nil, fmt.Errorf("open the issue reopening #%d in %s: %w", number, repo, err)
	}
	return is, nil
}
