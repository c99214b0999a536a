// Package testprotocol is a fourth protocol for tests, registered with one protocols.Register
// call and nothing else: tests use it to show that everything a protocol gets from war-room —
// its CLI command, its slash command and flags, its configuration section, its resume — comes
// from the registry entry alone.
package testprotocol

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/config"
	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/estimate"
	"github.com/war-room/war-room/engine/limits"
	"github.com/war-room/war-room/engine/record"
	"github.com/war-room/war-room/protocols"
)

// Name is the protocol's name, its command and its slash-command word.
const Name = "tally"

// Roles of its two seats, each answering once on a profile named like it.
const (
	First  = "first"
	Second = "second"
)

// tones are the values of its one flag.
var tones = []string{"plain", "loud"}

type options struct {
	Tone string `json:"tone"`
}

// Register adds the protocol to the registry; call the returned func to take it away.
func Register() (unregister func()) { return RegisterEnding(protocols.Ending{}) }

// RegisterEnding adds the protocol with its sessions ending as end says (a result of its own,
// a run it keeps) rather than as a printed decision.
func RegisterEnding(end protocols.Ending) (unregister func()) {
	return protocols.Register(Name, protocols.Entry{
		Section:  config.Section{Protocol: Name, Key: Name, New: func() any { return &struct{}{} }},
		Summary:  "ask two seats on two families and tally their answers",
		Question: "question",
		Flags: []protocols.Flag{{Name: "tone", Default: "plain", Help: "plain or loud",
			Check: func(v string) error {
				if !slices.Contains(tones, v) {
					return fmt.Errorf("--tone wants plain or loud, got %q", v)
				}
				return nil
			}}},
		Start: func(_ *config.Config, req protocols.Request) (*engine.Session, error) {
			inputs := append([]engine.Input{engine.NewInput("question", req.Question)}, req.Context...)
			return engine.ProtocolSession(Name, "[Tally] "+req.Question, "question", req.Question, inputs,
				options{Tone: req.Flags["tone"]}, req.Seed, req.SeedSource)
		},
		Protocol: tally{},
		Bounded:  func(*engine.Session) ([]limits.Bounded, error) { return nil, nil },
		Ending:   end,
	})
}

type tally struct{}

func (tally) Plan(_ context.Context, r *engine.Run) (engine.Plan, error) {
	ps := r.Profiles()
	return engine.Plan{Rule: engine.Rule{Spread: []engine.Spread{{Roles: []string{First, Second}, Families: 2}}},
		Seats: []engine.Seat{engine.SeatOf(First, First, ps[First], ""), engine.SeatOf(Second, Second, ps[Second], "")}}, nil
}

func (tally) Deliberate(ctx context.Context, r *engine.Run, _ engine.Plan) (engine.Result, error) {
	dag := record.NewDAG(r.Session().ID)
	var answers []string
	for i, role := range []string{First, Second} {
		text, err := engine.Step(ctx, r, role, func(ctx context.Context) (string, error) {
			res, err := r.Call(ctx, engine.CallSpec{Role: role, Profile: role, Task: "Answer the question in one line."})
			return res.Text, err
		})
		if err != nil {
			return engine.Result{DAG: dag}, err
		}
		answers = append(answers, strings.TrimSpace(text))
		if _, err := dag.Add(text, "answers", 1, record.AnonymousLabel(i), record.Attribution{Role: role, Profile: role}, "", r.Now()); err != nil {
			return engine.Result{}, err
		}
	}
	return engine.Result{Decision: &decision.Decision{Title: r.Session().Title, Outcome: strings.Join(answers, "; ")}, DAG: dag}, nil
}

func (tally) Estimate(_ context.Context, r *engine.Run, _ engine.Plan) (engine.Forecast, error) {
	plan := estimate.Plan{Seats: 2, Phases: []estimate.Phase{
		{Name: First, Calls: []estimate.Call{{Role: First, Profile: First}}},
		{Name: Second, Calls: []estimate.Call{{Role: Second, Profile: Second}}}}}
	return estimate.Forecast(plan, r.Profiles(), estimate.Calibration{}).Neutral(nil), nil
}
