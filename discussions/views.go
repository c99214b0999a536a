package discussions

import (
	"sort"
	"strings"

	"github.com/war-room/war-room/engine"
)

// The view types hold decision text already made safe (and, for table cells, one line with
// pipes escaped), so the templates never see raw model output.

type bodyView struct {
	// Independence is the engine's line when independence was reduced, "" otherwise; it opens
	// the body.
	Independence                                      string
	Supersedes                                        int
	Question, Context, Outcome, Confidence, Rationale string
	Consequences                                      string
	Sections                                          []sectionView
	Alternatives                                      []altView
	Dissent, ChangeMind, Notes                        []string
	Panel                                             []panelView
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

func newBodyView(d *engine.Decision, supersedes int) bodyView {
	v := bodyView{
		Supersedes: supersedes, Question: block(d.Question), Context: block(d.Context),
		Outcome: block(d.Outcome), Confidence: cell(Safe(d.Confidence)), Rationale: block(d.Rationale),
		Consequences: block(d.Consequences), Dissent: items(d.Dissent),
		ChangeMind: items(d.WhatWouldChangeMind), Notes: items(d.Notes),
		Independence: cell(Safe(d.IndependenceLine())),
	}
	for _, s := range d.Sections {
		v.Sections = append(v.Sections, sectionView{Title: cell(Safe(s.Title)), Text: block(s.Text),
			Table: tableLines(s.Table), Items: items(s.Items)})
	}
	for _, a := range d.Alternatives {
		alt := altView{Name: cell(Safe(joinLabel(a.Label, a.Title))), Summary: cell(Safe(a.Summary)),
			Why: cell(Safe(a.Reason)), Selected: a.Selected}
		if a.Score != nil {
			alt.Score = cell(Safe(a.Score.String()))
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

func newPanelView(m engine.PanelMember) panelView {
	result := "answered"
	if m.Failed != "" {
		result = "no answer (" + m.Failed + ")"
	}
	model := m.Model
	if m.Provider == "script" {
		model += " (scripted, not a model)"
	}
	contributed := cell(Safe(m.Label))
	if contributed == "" {
		contributed = "—"
	}
	return panelView{Role: cell(Safe(m.Role)), Contributed: contributed, Model: cell(Safe(model)),
		Family: cell(Safe(m.Family)), Result: cell(Safe(result))}
}

func newFooterView(d *engine.Decision, fullRecord string) footerView {
	v := footerView{Protocol: d.Protocol, SessionID: d.SessionID, Seed: d.Seed,
		MerkleRoot: cell(Safe(d.MerkleRoot)), Independence: cell(Safe(d.Independence)), FullRecord: fullRecord}
	names := make([]string, 0, len(d.Metrics))
	for k := range d.Metrics {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		v.Metrics = append(v.Metrics, metricView{Name: cell(Safe(k)), Value: cell(Safe(d.Metrics[k]))})
	}
	return v
}

// tableLines renders a table as markdown lines: the header, the rule and one line per row,
// each row padded or cut to the columns so that model text can neither add a column nor
// break the table.
func tableLines(t *engine.Table) []string {
	if t == nil || len(t.Columns) == 0 {
		return nil
	}
	row := func(cells []string) string {
		out := make([]string, len(t.Columns))
		for i := range out {
			if i < len(cells) {
				out[i] = cell(Safe(cells[i]))
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

// block is a multi-line section: made safe, trimmed.
func block(s string) string { return strings.TrimSpace(Safe(s)) }

// items are list entries: made safe and kept on one line each, so an entry cannot end the
// list or start a heading.
func items(in []string) []string {
	var out []string
	for _, s := range in {
		if t := strings.Join(strings.Fields(Safe(s)), " "); t != "" {
			out = append(out, t)
		}
	}
	return out
}
