// Package site writes a repository's decision log as a static site a team can browse outside
// Discussions (GitHub Pages, a file server, a laptop): an index with search and filters, and one
// page per decision with its card, its whole record as published and whether that record
// verifies from what GitHub serves. Everything on it is read from GitHub; nothing local.
package site

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	gmhtml "github.com/yuin/goldmark/renderer/html"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/outcome"
)

// Entry is one published decision as the site shows it.
type Entry struct {
	Row discussions.DecisionRow
	// Decision is the decision its published record holds; nil when none could be read.
	Decision *decision.Decision
	// Verified says the record recomputed from what GitHub serves, the comments published
	// with it included. Problems say what did not (the first few); Unreadable why there was
	// no record to check.
	Verified   bool
	Problems   []string
	Unreadable string
	// Outcomes are what its maintainers recorded happened since, in order (the chain verify
	// checked).
	Outcomes []outcome.Addendum
}

// maxProblems bounds the problems a page lists: the first says where to look.
const maxProblems = 5

// Collect reads every decision published in repo's category and checks each one's record,
// calling progress before each read. A decision without a readable record is listed as such;
// a failure to reach GitHub ends the collection (nothing is written from half a log).
func Collect(ctx context.Context, p *discussions.Publisher, repo discussions.Repo, progress func(i, n, number int)) ([]Entry, error) {
	rows, err := p.Decisions(ctx, repo)
	if err != nil {
		return nil, err
	}
	out := make([]Entry, 0, len(rows))
	for i, row := range rows {
		if progress != nil {
			progress(i+1, len(rows), row.Number)
		}
		e := Entry{Row: row}
		rec, err := p.ReadRecord(ctx, repo, row.Number)
		switch {
		case errors.Is(err, discussions.ErrNoRecord):
			e.Unreadable = err.Error()
		case err != nil:
			return nil, err
		default:
			d, err := rec.PublishedDecision()
			if err != nil {
				e.Unreadable = err.Error()
				break
			}
			e.Decision, e.Outcomes = d, rec.Chain()
			rep := rec.Report()
			e.Verified = rep.OK()
			for _, pr := range rep.Problems[:min(len(rep.Problems), maxProblems)] {
				e.Problems = append(e.Problems, pr.Describe())
			}
		}
		out = append(out, e)
	}
	return out, nil
}

//go:embed templates/*
var files embed.FS

var pages = template.Must(template.New("").ParseFS(files, "templates/*.html"))

// Build renders the site of repo's entries: index.html, style.css and decisions/N.html for
// each decision, by path.
func Build(repo string, entries []Entry) (map[string][]byte, error) {
	views := make([]view, 0, len(entries))
	successor := map[int]int{}
	known := map[int]bool{}
	for _, e := range entries {
		known[e.Row.Number] = true
		if s := e.Row.Supersedes; s > 0 && e.Row.Number > successor[s] {
			successor[s] = e.Row.Number
		}
	}
	for _, e := range entries {
		v, err := newView(e, successor[e.Row.Number], known)
		if err != nil {
			return nil, fmt.Errorf("decision #%d: %w", e.Row.Number, err)
		}
		views = append(views, v)
	}
	slices.SortFunc(views, func(a, b view) int { return b.Number - a.Number })
	out := map[string][]byte{}
	style, err := files.ReadFile("templates/style.css")
	if err != nil {
		return nil, err
	}
	out["style.css"] = style
	idx := index{Repo: repo, Entries: views}
	for _, v := range views {
		if v.Protocol != "" && !slices.Contains(idx.Protocols, v.Protocol) {
			idx.Protocols = append(idx.Protocols, v.Protocol)
		}
		for _, l := range v.Labels {
			if !slices.Contains(idx.Labels, l) {
				idx.Labels = append(idx.Labels, l)
			}
		}
		if v.Verified {
			idx.Verified++
		}
	}
	slices.Sort(idx.Protocols)
	slices.Sort(idx.Labels)
	if out["index.html"], err = execute("index.html", idx); err != nil {
		return nil, err
	}
	for _, v := range views {
		page := struct {
			Repo string
			view
		}{repo, v}
		if out["decisions/"+strconv.Itoa(v.Number)+".html"], err = execute("decision.html", page); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func execute(name string, data any) ([]byte, error) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		return nil, fmt.Errorf("render %s: %w", name, err)
	}
	return b.Bytes(), nil
}

// index is the index page's data.
type index struct {
	Repo              string
	Entries           []view
	Protocols, Labels []string
	Verified          int
}

// view is one decision as the templates show it.
type view struct {
	Number     int
	Title      string
	URL        string
	Date       string
	Protocol   string
	Class      string
	Labels     []string
	Summary    string
	Supersedes int
	// SupersedesHere says the decision it replaced is on the site too (a link, not a number).
	SupersedesHere bool
	SupersededBy   int
	Verified       bool
	Problems       []string
	Unreadable     string
	// Record is the decision as its discussion publishes it, body and comments, as HTML.
	Record template.HTML
	// Outcome is the latest recorded outcome ("held", "reversed", "partly"), "" for none;
	// Outcomes every recorded outcome as its comment shows it, as HTML.
	Outcome  string
	Outcomes template.HTML
}

func newView(e Entry, supersededBy int, known map[int]bool) (view, error) {
	v := view{Number: e.Row.Number, Title: e.Row.Title, URL: e.Row.URL, Date: e.Row.Date, Class: e.Row.Class,
		Supersedes: e.Row.Supersedes, SupersedesHere: known[e.Row.Supersedes], SupersededBy: supersededBy,
		Verified: e.Verified, Problems: e.Problems, Unreadable: e.Unreadable}
	if v.Class == "—" {
		v.Class = ""
	}
	if d := e.Decision; d != nil {
		v.Protocol, v.Labels = d.Protocol, slices.Clone(d.Labels)
		for _, f := range discussions.CardFacts(d) {
			if f.Label == "Decided" { // the card's first line, what was decided
				v.Summary = f.Text
				break
			}
		}
		rec, err := DecisionHTML(d)
		if err != nil {
			return view{}, err
		}
		v.Record = rec
	}
	if a, ok := outcome.Latest(e.Outcomes); ok {
		v.Outcome = a.Verdict
		var md strings.Builder
		for _, o := range e.Outcomes {
			md.WriteString(discussions.OutcomeMarkdown(o) + "\n")
		}
		var out bytes.Buffer
		if err := markdown.Convert([]byte(md.String()), &out); err != nil {
			return view{}, fmt.Errorf("render the outcomes of #%d: %w", e.Row.Number, err)
		}
		v.Outcomes = template.HTML(out.String()) // war-room's own markup around a note re-rendered from the allowlist
	}
	return v, nil
}

// OutcomeFilter is the outcome as the index's filter names it: the verdict, or "none".
func (v view) OutcomeFilter() string {
	if v.Outcome == "" {
		return "none"
	}
	return v.Outcome
}

// Status is "active" or "superseded", as the index's filter names it.
func (v view) Status() string {
	if v.SupersededBy > 0 {
		return "superseded"
	}
	return "active"
}

// Search is what the index's search box matches, lower-cased.
func (v view) Search() string {
	return strings.ToLower(strings.Join([]string{"#" + strconv.Itoa(v.Number), v.Title, v.Summary, v.Class}, " "))
}

// LabelList is the labels as the index's filter reads them (space-separated).
func (v view) LabelList() string { return strings.Join(v.Labels, " ") }

// markdown renders war-room's own markdown. The model and user text in it was already parsed
// and re-rendered from an allowlist by the publisher (no raw HTML of theirs survives), so the
// only HTML it carries is war-room's own (the <details> around each member's answer).
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(gmhtml.WithUnsafe()))

// DecisionHTML is a decision as its discussion publishes it — the body, then every phase
// comment — rendered to HTML.
func DecisionHTML(d *decision.Decision) (template.HTML, error) {
	r := discussions.Render(d, discussions.RenderOptions{})
	var b strings.Builder
	b.WriteString(r.Body)
	for _, part := range r.Comments {
		b.WriteString("\n\n---\n\n" + part.Body)
	}
	var out bytes.Buffer
	if err := markdown.Convert([]byte(b.String()), &out); err != nil {
		return "", fmt.Errorf("render the decision: %w", err)
	}
	return template.HTML(out.String()), nil // war-room's own markup: see markdown
}
