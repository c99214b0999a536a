package discussions

import (
	"sort"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/provider"
	"github.com/war-room/war-room/internal/safetext"
)

// The view types hold decision text already made safe (and, for table cells, one line with
// pipes escaped), so the templates never see raw model output.

type bodyView struct {
	// Independence is the engine's line when independence was reduced, "" otherwise; it opens
	// the body.
	Independence                          string
	Supersedes                            int
	Question, Context, Outcome, Rationale string
	Consequences                          string
	Sections                              []sectionView
	Alternatives                          []altView
	Dissent, ChangeMind, Notes            []string
	Panel                                 []panelView
	// PanelContributions is set when any member has a contribution to name.
	PanelContributions bool
}

// sectionView is one of the protocol's sections; Table is its rendered lines, every cell
// made safe.
type sectionView struct {
	Title, Text string
	Table       []string
	Items       []string
}

type altView struct {
	Name, Summary, Why, Score string
	Selected                  bool
}

// panelView is one row of the expert panel; Contributed names what the member wrote that
// the body refers to (the courses of action behind "Response C"), where the protocol says.
type panelView struct{ Role, Contributed, Model, Family, Result string }

type footerView struct {
	Protocol, SessionID, MerkleRoot, Independence, FullRecord string
	Seed                                                      int64
	Metrics                                                   []metricView
}

type metricView struct{ Name, Value string }

func newBodyView(d *decision.Decision, supersedes int) bodyView {
	v := bodyView{
		Supersedes: supersedes, Question: block(d.Question), Context: block(d.Context),
		Outcome: block(d.Outcome), Rationale: block(d.Rationale),
		Consequences: block(d.Consequences), Dissent: items(d.Dissent),
		ChangeMind: items(d.WhatWouldChangeMind), Notes: items(d.Notes),
		Independence: safetext.Inline(d.IndependenceLine()),
	}
	for _, s := range d.Sections {
		v.Sections = append(v.Sections, sectionView{Title: safetext.Phrase(s.Title), Text: block(s.Text),
			Table: tableLines(s.Table), Items: items(s.Items)})
	}
	for _, a := range d.Alternatives {
		alt := altView{Name: safetext.Words(joinLabel(a.Label, a.Title)), Summary: safetext.Phrase(a.Summary),
			Why: safetext.Phrase(a.Reason), Selected: a.Selected}
		if a.Score != nil {
			alt.Score = safetext.Inline(a.Score.String())
		}
		v.Alternatives = append(v.Alternatives, alt)
	}
	for _, m := range d.Panel {
		v.Panel = append(v.Panel, newPanelView(m))
		v.PanelContributions = v.PanelContributions || strings.TrimSpace(m.Label) != ""
	}
	return v
}

// joinLabel is "Response A: Use PostgreSQL", or whichever of the two is set.
func joinLabel(label, title string) string {
	label, title = strings.TrimSpace(label), strings.TrimSpace(title)
	if label != "" && title != "" {
		return label + ": " + title
	}
	return label + title
}

func newPanelView(m decision.PanelMember) panelView {
	result := "answered"
	if m.Failed != "" {
		result = "no answer (" + m.Failed + ")"
	}
	model := m.Model
	if m.Provider == provider.TypeScript {
		model += " (scripted, not a model)"
	}
	contributed := safetext.Inline(m.Label)
	if contributed == "" {
		contributed = "—"
	}
	return panelView{Role: safetext.Inline(m.Role), Contributed: contributed, Model: safetext.Inline(model),
		Family: safetext.Inline(m.Family), Result: safetext.Inline(result)}
}

func newFooterView(d *decision.Decision, fullRecord string) footerView {
	v := footerView{Protocol: d.Protocol, SessionID: d.SessionID, Seed: d.Seed,
		MerkleRoot: safetext.Inline(d.MerkleRoot), Independence: safetext.Inline(d.Independence), FullRecord: fullRecord}
	names := make([]string, 0, len(d.Metrics))
	for k := range d.Metrics {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v.Metrics = append(v.Metrics, metricView{Name: safetext.Inline(k), Value: safetext.Inline(d.Metrics[k])})
	}
	return v
}

// tableLines renders a table as markdown lines: the header, the rule and one line per row,
// each row padded or cut to the columns so that model text can neither add a column nor
// break the table.
func tableLines(t *decision.Table) []string {
	if t == nil || len(t.Columns) == 0 {
		return nil
	}
	row := func(cells []string) string {
		out := make([]string, len(t.Columns))
		for i := range out {
			if i < len(cells) {
				out[i] = safetext.Cell(cells[i])
			}
		}
		return strings.TrimRight("| "+strings.Join(out, " | "), " ") + " |"
	}
	lines := []string{row(t.Columns), "|" + strings.Repeat("---|", len(t.Columns))}
	for _, r := range t.Rows {
		lines = append(lines, row(r))
	}
	return lines
}

// block is a multi-line text rendered as its author wrote it, in blocks it cannot leave.
func block(s string) string { return safetext.Markdown(s) }

// items are list entries: rendered as phrases, one line each, so an entry cannot end the
// list or start a heading.
func items(in []string) []string {
	var out []string
	for _, s := range in {
		if t := safetext.Phrase(s); t != "" {
			out = append(out, t)
		}
	}
	return out
}
