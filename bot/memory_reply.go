package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	outcomes "github.com/war-room/war-room/engine/outcome"
	"github.com/war-room/war-room/internal/memory"
	"github.com/war-room/war-room/internal/safetext"
)

// discussionsPublisher reads and writes the repository's decisions category, with no state
// of its own (what it writes is found again by its markers).
func (d *Deps) discussionsPublisher(cfg *config.Config) *discussions.Publisher {
	dc := cfg.GitHub.Discussions
	p := discussions.New(discussions.Options{APIURL: d.GitHub.APIURL, GraphQLURL: d.GitHub.GraphQLURL,
		HTTPClient: d.GitHub.HTTP, Login: d.GitHub.Login, Category: dc.Category, MutationSpacing: dc.MutationSpacing})
	p.Now = d.now
	p.Warn = func(msg string) { d.log().Warn("discussions: " + msg) }
	return p
}

// memoryBoard is the repository's member memory, in its discussion.
func (d *Deps) memoryBoard(cfg *config.Config, repo Repo) discussions.MemoryBoard {
	return discussions.MemoryBoard{P: d.discussionsPublisher(cfg), Repo: discussionsRepo(repo)}
}

// memory answers /war-room memory and /war-room outcome: a maintainer reviews the proposals
// or records an outcome, which is approved as written since its author is a maintainer (the
// command's author has passed the permission check every command passes).
func (t *commandThread) memory(ctx context.Context, cfg *loadedConfig, cmd command) error {
	b := t.d.memoryBoard(cfg.Config, t.repo)
	login := t.ev.Comment.User.actor().Login
	var text string
	var err error
	switch {
	case cmd.Kind == kindOutcome:
		text, err = t.recordOutcome(ctx, b, cmd, login)
	case cmd.Memory == memoryReview:
		text, err = reviewText(ctx, b)
	default:
		text, err = t.reviewItems(ctx, b, cmd, login)
	}
	var ue *UsageError
	switch {
	case errors.As(err, &ue):
		t.react(ctx, reactionConfused)
		t.reply(ctx, fmt.Sprintf("@%s %s", login, safetext.Plain(ue.Reason)))
		return nil
	case err != nil:
		t.fail(ctx, errorClass(err), err)
		return err
	}
	t.react(ctx, reactionRocket)
	t.reply(ctx, text)
	return nil
}

func (t *commandThread) recordOutcome(ctx context.Context, b discussions.MemoryBoard, cmd command, login string) (string, error) {
	if cmd.Number == 0 {
		return "", usagef("on an issue, name the decision: %s outcome #N %s <what happened> (on the decision's discussion, the number may be left out)",
			prefix, cmd.Verdict)
	}
	return t.d.recordOutcome(ctx, b, cmd, login, t.ev.Comment.HTMLURL)
}

// recordOutcome records an outcome of decision cmd.Number, said by login at source: the
// verifiable addendum on the decision's discussion, and the same words in the member memory,
// approved as written since their author is a maintainer (the command passed the permission
// check every command passes). A decision war-room did not record, or whose record no longer
// verifies, is refused with the reason.
func (d *Deps) recordOutcome(ctx context.Context, b discussions.MemoryBoard, cmd command, login, source string) (string, error) {
	a, _, err := b.P.RecordOutcome(ctx, discussions.OutcomeRequest{Repo: b.Repo, Number: cmd.Number, Verdict: cmd.Verdict,
		Note: cmd.Text, By: login, Source: source})
	var ie *outcomes.InputError
	switch {
	case errors.Is(err, discussions.ErrNoRecord):
		return "", usagef("#%d is not a decision war-room recorded in this repository, so there is no outcome to record for it", cmd.Number)
	case errors.Is(err, discussions.ErrRecordBroken), errors.Is(err, discussions.ErrOutcomeRace), errors.As(err, &ie):
		return "", usagef("%v", err)
	case err != nil:
		return "", err
	}
	if _, err := memory.Record(ctx, b, d.now(), login, memory.FromOutcome(a, fmt.Sprintf("#%d", cmd.Number))); err != nil {
		return "", fmt.Errorf("the outcome is recorded on #%d, but the member memory could not take it: %w", cmd.Number, err)
	}
	return fmt.Sprintf("Recorded outcome %d of #%d: %s, said by @%s. It is chained to the decision's record, so "+
		"`war-room verify --repo %s --discussion %d` checks it from GitHub alone, and every seat of the next standing-team "+
		"session reads it in the war-room memory.", a.Seq, cmd.Number, a.Verdict, login, b.Repo, cmd.Number), nil
}

func (t *commandThread) reviewItems(ctx context.Context, b discussions.MemoryBoard, cmd command, login string) (string, error) {
	var lines []string
	for _, id := range cmd.IDs {
		it, err := memory.Review(ctx, b, id, cmd.Memory == memoryApprove, login, t.d.now())
		if errors.Is(err, memory.ErrNoItem) {
			return "", usagef("%v: `%s memory review` lists the proposals", err, prefix)
		}
		if err != nil {
			return "", err
		}
		lines = append(lines, fmt.Sprintf("- `%s` %s by @%s: %s", it.ID, it.Status, login, safetext.Inline(it.Text)))
	}
	return strings.Join(lines, "\n"), nil
}

// reviewText lists the proposals awaiting review, with the commands that answer them.
func reviewText(ctx context.Context, b discussions.MemoryBoard) (string, error) {
	items, err := b.Items(ctx)
	if err != nil {
		return "", err
	}
	pending := memory.Pending(items)
	if len(pending) == 0 {
		return "No memory proposal awaits review.", nil
	}
	var s strings.Builder
	s.WriteString("**Memory proposals awaiting review** (none is used until approved):\n\n| ID | For | Written by | Source | Item |\n|---|---|---|---|---|\n")
	for _, it := range pending {
		fmt.Fprintf(&s, "| `%s` | %s | %s | %s | %s |\n", it.ID, orTeam(it.Member), it.Provider, safetext.Inline(it.Source.String()),
			safetext.Inline(it.Text))
	}
	fmt.Fprintf(&s, "\nReply `%[1]s memory approve ID` or `%[1]s memory reject ID`.\n", prefix)
	return s.String(), nil
}

func orTeam(member string) string {
	if member == "" {
		return "the team"
	}
	return member
}
