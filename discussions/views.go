package discussions

import (
	"fmt"
	"sort"
	"strings"

	"github.com/war-room/war-room/engine"
)

// The view types hold decision text already made safe (and, for table cells, one line with
// pipes escaped), so the templates never see raw model output.

type bodyView struct {
	Supersedes                                        int
	Question, Context, Outcome, Confidence, Rationale string
	Consequences                                      string
	Reversibility                                     *revView
	Alternatives                                      []altView
	Dissent, ChangeMind, Notes                        []string
	Panel                                             []panelView
	// PanelContributions is set when any member has a contribution to name.
	PanelContributions bool
}

type revView struct {
	Dimensions        []dimView
	Score, Type, Mode string
}

type dimView struct {
	Name, Rationale string
	Score           int
}

type altView struct {
	Name, Summary, Reason string
	Points                int
	Selected              bool
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
	}
	if rv := d.Reversibility; rv != nil {
		v.Reversibility = &revView{Score: fmt.Sprintf("%.2f", rv.Score), Type: cell(Safe(rv.Type)), Mode: cell(Safe(rv.Mode))}
		for _, dim := range rv.Dimensions {
			v.Reversibility.Dimensions = append(v.Reversibility.Dimensions,
				dimView{Name: cell(Safe(dim.Name)), Score: dim.Score, Rationale: cell(Safe(dim.Rationale))})
		}
	}
	for _, a := range d.Alternatives {
		v.Alternatives = append(v.Alternatives, altView{Name: cell(Safe(joinLabel(a.Label, a.Title))),
			Summary: cell(Safe(a.Summary)), Reason: cell(Safe(a.Reason)), Points: a.Points, Selected: a.Selected})
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
