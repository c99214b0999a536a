package main

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
)

// decisionsBrowse are the `decisions` subcommands that read decisions: the local store, or
// with --repo the repository's Discussions. decisions.go dispatches `decisions <name>` here.
var decisionsBrowse = map[string]func(ctx context.Context, e *env, args []string) error{
	"list":   runDecisionsList,
	"show":   runDecisionsShow,
	"search": runDecisionsSearch,
}

// browseFlags are the flags of the browsing subcommands.
type browseFlags struct {
	common commonFlags
	github githubFlags
}

func (b *browseFlags) parse(e *env, name, synopsis string, args []string) ([]string, error) {
	return b.parseRepo(e, name, synopsis, "read the decisions published in OWNER/NAME's Discussions instead of the local store (GITHUB_TOKEN)", args)
}

// parseRepo is parse with --repo's help written for what the subcommand does with it.
func (b *browseFlags) parseRepo(e *env, name, synopsis, repoUsage string, args []string) ([]string, error) {
	fs := newFlagSet(e, "decisions "+name, synopsis)
	b.common.register(fs)
	b.github.register(fs, repoUsage)
	return parseFlags(fs, args)
}

// remote opens a publisher for --repo; the store keeps nothing it writes (it only reads).
func (b *browseFlags) remote(e *env) (*discussions.Publisher, discussions.Repo, error) {
	repo, err := discussions.ParseRepo(b.github.repo)
	if err != nil {
		return nil, repo, exitErr(exitUsage, err)
	}
	cfg, err := b.common.discussionsConfig(e)
	if err != nil {
		return nil, repo, err
	}
	p, err := b.github.publisher(e, cfg, nil)
	if err == nil {
		fmt.Fprintf(e.stderr, "decisions: reading %s's Discussions from GitHub…\n", repo)
	}
	return p, repo, err
}

// localDecision is one finished session of the local store with its decision's summary.
type localDecision struct {
	Session   string                  `json:"session"`
	Protocol  string                  `json:"protocol"`
	Date      string                  `json:"date"`
	Class     string                  `json:"class,omitempty"`
	Title     string                  `json:"title"`
	Published []discussions.Published `json:"published,omitempty"`
}

// localDecisions reads every session that stored a decision, newest first; with words, only
// those whose summary holds every word (case-insensitively), the dissent included. It reads
// the store's summary columns in one query, never a decision, except for a session sealed
// before the store kept summaries: that one's decision is read and summarised here.
func localDecisions(ctx context.Context, st engine.Store, words []string) ([]localDecision, error) {
	lowered := make([]string, len(words))
	for i, w := range words {
		lowered[i] = decision.SearchText(w)
	}
	entries, err := st.Browse(ctx, lowered)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	published, err := discussions.PublishedSessions(ctx, st)
	if err != nil {
		return nil, err
	}
	var out []localDecision // nil when empty: --json prints null, as it always has
	if len(entries) > 0 {
		out = make([]localDecision, 0, len(entries))
	}
	for _, en := range entries {
		sum := en.DecisionSummary
		if !en.Summarised {
			// A list is a finding aid: show and publish verify the record before trusting it.
			d, err := engine.LoadDecision(ctx, st, en.SessionID)
			if err != nil {
				continue // no decision (yet): paused, failed or running
			}
			sum = *decision.SummaryOf(en.SessionID, d)
			if !containsAll(sum.Text, lowered) {
				continue
			}
		}
		out = append(out, localDecision{Session: en.SessionID, Protocol: en.Protocol, Date: en.CreatedAt.UTC().Format("2006-01-02"),
			Class: oneLine(sum.Class), Title: oneLine(sum.Title), Published: published[en.SessionID]})
	}
	return out, nil
}

// containsAll reports whether text holds every word.
func containsAll(text string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(text, w) {
			return false
		}
	}
	return true
}

func runDecisionsList(ctx context.Context, e *env, args []string) error {
	var b browseFlags
	pos, err := b.parse(e, "list", "[--repo OWNER/NAME]", args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usageErr("decisions list takes no arguments")
	}
	if b.github.repo != "" {
		p, repo, err := b.remote(e)
		if err != nil {
			return err
		}
		rows, err := p.Decisions(ctx, repo)
		if err != nil {
			return err
		}
		if b.common.json {
			return printJSON(e, rows)
		}
		return printRows(e, rows)
	}
	st, err := b.common.readStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	ds, err := localDecisions(ctx, st, nil)
	if err != nil {
		return err
	}
	if b.common.json {
		return printJSON(e, ds)
	}
	return printLocal(e, ds)
}

func printLocal(e *env, ds []localDecision) error {
	// tabwriter writes each cell on its own: buffered, a thousand rows are a few writes
	// instead of thousands of system calls.
	out := bufio.NewWriter(e.stdout)
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SESSION\tDATE\tPROTOCOL\tCLASS\tPUBLISHED\tTITLE")
	for _, d := range ds {
		pub := "—"
		if len(d.Published) > 0 {
			var refs []string
			for _, p := range d.Published {
				refs = append(refs, fmt.Sprintf("%s#%d", p.Repo, p.Number))
			}
			pub = strings.Join(refs, ",")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", d.Session, d.Date, d.Protocol, dash(d.Class), pub, d.Title)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return out.Flush()
}

func printRows(e *env, rows []discussions.DecisionRow) error {
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tDATE\tCLASS\tSTATUS\tTITLE")
	for _, r := range rows {
		fmt.Fprintf(tw, "#%d\t%s\t%s\t%s\t%s\n", r.Number, r.Date, r.Class, r.Status, oneLine(r.Title))
	}
	return tw.Flush()
}

func dash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func runDecisionsShow(ctx context.Context, e *env, args []string) error {
	var b browseFlags
	pos, err := b.parse(e, "show", "SESSION | NUMBER --repo OWNER/NAME", args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErr("decisions show takes one session id (or, with --repo, a discussion number)")
	}
	if b.github.repo != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(pos[0], "#"))
		if err != nil || n <= 0 {
			return usageErr("with --repo, show takes a discussion number, got %q", pos[0])
		}
		p, repo, err := b.remote(e)
		if err != nil {
			return err
		}
		d, err := p.Show(ctx, repo, n)
		if err != nil {
			return err
		}
		if b.common.json {
			return printJSON(e, d)
		}
		_, err = fmt.Fprintf(e.stdout, "#%d %s\n%s\n\n%s\n", d.Number, d.Title, d.URL, d.Body)
		return err
	}
	st, err := b.common.readStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	d, err := loadDecision(ctx, st, pos[0])
	if err != nil {
		return err
	}
	return printDecision(e, d, b.common.json)
}

func runDecisionsSearch(ctx context.Context, e *env, args []string) error {
	var b browseFlags
	pos, err := b.parse(e, "search", "WORDS... [--repo OWNER/NAME]", args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usageErr("decisions search needs at least one word")
	}
	if b.github.repo != "" {
		p, repo, err := b.remote(e)
		if err != nil {
			return err
		}
		hits, err := p.Search(ctx, repo, pos, 20)
		if err != nil {
			return err
		}
		if b.common.json {
			return printJSON(e, hits)
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "#\tDATE\tTITLE")
		for _, h := range hits {
			fmt.Fprintf(tw, "#%d\t%s\t%s\n", h.Number, h.CreatedAt.UTC().Format("2006-01-02"), oneLine(h.Title))
		}
		return tw.Flush()
	}
	st, err := b.common.readStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	hits, err := localDecisions(ctx, st, pos)
	if err != nil {
		return err
	}
	if b.common.json {
		return printJSON(e, hits)
	}
	return printLocal(e, hits)
}
