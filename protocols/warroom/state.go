package warroom

import (
	"fmt"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/protocols/internal/panel"
)

// voteRound is one Borda round (Delphi rounds after the first follow revisions).
type voteRound struct {
	Round   int        `json:"round"`
	Voters  []string   `json:"voters"`
	Ballots [][]string `json:"ballots"`
	// Texts are the ballots as their voters wrote them, reasons included, in Voters' order.
	Texts       []string `json:"texts,omitempty"`
	Tally       tally    `json:"tally"`
	Convergence float64  `json:"convergence"`
}

// gathered is what the phases produced, for the synthesis and the Decision.
type gathered struct {
	Rev         reversibility
	Rescore     *reversibility // the strategist's second score, after an escalation grew the panel
	Recommend   Mode           // what the score recommends
	Mode        Mode           // the mode the deliberation ends in
	Intel       []panel.Labeled
	Situation   []panel.Labeled
	COAs        []coa // latest version of each
	Challenges  []panel.Labeled
	Questions   []authorQuestion // agent-teams: the red team's questions and the authors' answers
	Rounds      []voteRound
	Premortems  []panel.Labeled
	Express     []panel.Labeled // the express recommendation
	Synthesis   synthesis
	Escalation  *escalationReview
	Escalated   bool
	Deescalated bool
	Gaps        []gap
	Phases      []phaseResult
	Notes       []string
}

// state is one execution of a session.
type state struct {
	r     *engine.Run
	opts  Options
	panel Panel
	kit   kit
	dag   *record.DAG
	rec   gathered
	// nodes maps "phase/label" to the node holding the latest version.
	nodes map[string]record.DAGNode
	// failedAhead holds the calls made ahead of their phase (overlap.go) that failed, by step.
	failedAhead map[string]error
}

func newState(r *engine.Run, opts Options) (*state, error) {
	panel, err := ResolvePanel(opts, r.Profiles())
	if err != nil {
		return nil, err
	}
	s := r.Session()
	return &state{r: r, opts: opts, panel: panel, kit: newKit(s, panel, opts), failedAhead: map[string]error{},
		dag: record.NewDAG(s.ID), nodes: map[string]record.DAGNode{}}, nil
}

// route sets the mode the deliberation runs in, and with it the mode's token cap
// (protocols.war_room.budgets), if one is set.
func (s *state) route(m Mode) {
	s.rec.Mode = m
	s.r.EnterStage(string(m))
}

// absorb records a phase's aggregate: its gaps and timings.
func (s *state) absorb(p phaseResult) {
	s.rec.Phases = append(s.rec.Phases, p)
	s.rec.Gaps = append(s.rec.Gaps, p.Gaps...)
}

// label gives a phase's contributions anonymous labels in a seeded order, adds them to the
// DAG and returns them as experts will see them.
func (s *state) label(phase string, round int, p phaseResult) ([]panel.Labeled, error) {
	return s.labelAt(phase, round, p, 0)
}

// labelFrom labels a top-up of a phase after the first `from` labels already given.
func (s *state) labelFrom(phase string, p phaseResult, from int) ([]panel.Labeled, error) {
	return s.labelAt(phase, 1, p, from)
}

func (s *state) labelAt(phase string, round int, p phaseResult, from int) ([]panel.Labeled, error) {
	cs := shuffled(p.Contributions, s.r.Rand(p.Key+"/labels"))
	out := make([]panel.Labeled, len(cs))
	for i, c := range cs {
		l := record.AnonymousLabel(from + i)
		if _, err := s.addNode(phase, round, l, c.Text, c.Role, c.At, ""); err != nil {
			return nil, err
		}
		out[i] = panel.Labeled{Label: l, Text: c.Text}
	}
	return out, nil
}

// addNode adds one contribution to the DAG under its seat's attribution and remembers it as
// the latest version of phase/label.
func (s *state) addNode(phase string, round int, label, text, role string, at time.Time, parent string) (record.DAGNode, error) {
	n, err := s.dag.Add(text, phase, round, label, s.panel.Member(role).Attribution(), parent, at)
	if err != nil {
		return n, fmt.Errorf("war-room: %w", err)
	}
	s.nodes[phase+"/"+label] = n
	return n, nil
}
