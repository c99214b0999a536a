package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/internal/memory"
	"github.com/war-room/war-room/protocols"
	"github.com/war-room/war-room/session"
)

// around gives a session whose protocol reads it (protocols.Surrounded: the standing team
// today) what surrounds the question on GitHub: the
// repository's files at its default branch (its layer of the catalog, its intent) and the
// approved member memory whose sources still hold. Memory that cannot be read is a note, not
// a stop: the team then convenes without it.
func (d *Deps) around(ctx context.Context, cfg *config.Config, repo Repo, out *runReport) func(*session.Request) {
	return func(req *session.Request) {
		if !protocols.Surrounded(req.Protocol) {
			return
		}
		files := repoFiles{ctx: ctx, g: d.GitHub, repo: repo}
		req.Files = files
		src, err := d.evidenceSource(ctx, repo)
		if err != nil {
			out.Notes = append(out.Notes, "The repository could not be pinned for evidence requests, so every request will be refused: "+err.Error())
		}
		req.Evidence = src
		items, err := d.sessionMemory(ctx, cfg, repo, files)
		if err != nil {
			out.Notes = append(out.Notes, "The war-room memory could not be read, so the team convened without it: "+err.Error())
			return
		}
		req.Memory = items
	}
}

// withFiles gives a request whose protocol reads the repository's files those files alone, for
// checking a command before anything is posted (a standing team's profile may be one of the
// repository's).
func (d *Deps) withFiles(ctx context.Context, repo Repo, req session.Request) session.Request {
	if protocols.Surrounded(req.Protocol) {
		req.Files = repoFiles{ctx: ctx, g: d.GitHub, repo: repo}
	}
	return req
}

// sessionMemory is the approved memory a new session may read: not from a superseded
// decision, and not from a file whose content changed on the default branch since.
func (d *Deps) sessionMemory(ctx context.Context, cfg *config.Config, repo Repo, files repoFiles) ([]memory.Item, error) {
	b := d.memoryBoard(cfg, repo)
	items, err := b.Items(ctx)
	if err != nil || len(items) == 0 {
		return nil, err
	}
	superseded, err := b.P.Superseded(ctx, b.Repo)
	if err != nil {
		return nil, err
	}
	var live []memory.Item
	for _, it := range memory.Approved(items) {
		n, _ := strconv.Atoi(strings.TrimPrefix(it.Source.Ref, "#"))
		if it.Source.Kind == memory.KindDecision && superseded[n] {
			continue
		}
		live = append(live, it)
	}
	current, _ := memory.Current(live, func(p string) (string, error) {
		fc, _, err := files.get(p)
		if err != nil || fc == nil {
			return "", fmt.Errorf("%s is not a file on the default branch", p)
		}
		return fc.GetSHA(), nil
	})
	return current, nil
}

// proposeMemory hands a published decision's memory proposals (protocols.Proposals) to the
// repository's memory for review, citing the decision by its discussion number.
func (d *Deps) proposeMemory(ctx context.Context, cfg *config.Config, repo Repo, store engine.Store, out *runReport) {
	dec := out.Decision
	if dec == nil || out.Published == nil || out.Published.Number == 0 {
		return
	}
	kept, refused, err := protocols.Proposals(ctx, store, dec)
	if err == nil && len(kept) > 0 {
		items := make([]memory.Item, len(kept))
		for i, p := range kept {
			items[i] = p.Item
			if items[i].Source.Kind == memory.KindDecision {
				items[i].Source.Ref = fmt.Sprintf("#%d", out.Published.Number)
				items[i].ID = memory.NewID(items[i].Member, items[i].Text, items[i].Source)
			}
		}
		var added []memory.Item
		if added, err = memory.Propose(ctx, d.memoryBoard(cfg, repo), d.now(), items...); err == nil && len(added) > 0 {
			out.Notes = append(out.Notes, fmt.Sprintf("%d memory item(s) proposed in the %q discussion; none is used until a maintainer approves it (%s memory review).",
				len(added), discussions.MemoryTitle, prefix))
		}
	}
	if err != nil {
		out.Notes = append(out.Notes, "The memory proposals could not be written: "+err.Error())
	}
	if len(refused) > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("%d memory proposal(s) were dropped for naming no admissible source.", len(refused)))
	}
}
