package engine

import (
	"encoding/json"
	"fmt"
	"strings"
)

// legacyDecision is what a decision.json written before Decision became protocol-neutral held
// besides today's fields: war-room's decision type and reversibility assessment, and Borda
// points on alternatives. Only war-room ever set them.
type legacyDecision struct {
	Type          string `json:"type"`
	Reversibility *struct {
		Dimensions []struct {
			Name      string `json:"name"`
			Score     int    `json:"score"`
			Rationale string `json:"rationale"`
		} `json:"dimensions"`
		Score float64 `json:"score"`
		Type  string  `json:"type"`
		Mode  string  `json:"mode"`
	} `json:"reversibility"`
	Alternatives []struct {
		Points int `json:"points"`
	} `json:"alternatives"`
}

// UnmarshalJSON reads a decision, and one stored by an older binary as today's shape: its
// type becomes Class and the type label, its reversibility assessment a section, its Borda
// points scores. The record itself is never rewritten.
func (d *Decision) UnmarshalJSON(b []byte) error {
	type plain Decision
	if err := json.Unmarshal(b, (*plain)(d)); err != nil {
		return err
	}
	var old legacyDecision
	if err := json.Unmarshal(b, &old); err != nil {
		return fmt.Errorf("decision: read fields of an older record: %w", err)
	}
	if old.Type != "" && d.Class == "" && d.Labels == nil {
		d.Class = "type " + old.Type
		d.Labels = []string{"type-" + strings.ToLower(strings.ReplaceAll(old.Type, "+", "-plus"))}
	}
	if rv := old.Reversibility; rv != nil && d.Sections == nil {
		s := Section{Key: "reversibility", Title: "Reversibility",
			Text:  fmt.Sprintf("**RS %.2f · type %s · mode %s**", rv.Score, rv.Type, rv.Mode),
			Table: &Table{Columns: []string{"Dimension", "Score", "Why"}}}
		for _, dim := range rv.Dimensions {
			s.Table.Rows = append(s.Table.Rows, []string{dim.Name, fmt.Sprintf("%d/5", dim.Score), dim.Rationale})
		}
		d.Sections = []Section{s}
	}
	for i, a := range old.Alternatives {
		if a.Points != 0 && i < len(d.Alternatives) && d.Alternatives[i].Score == nil {
			d.Alternatives[i].Score = &Score{Value: a.Points, Unit: "Borda point", Plural: "Borda points"}
		}
	}
	return nil
}
