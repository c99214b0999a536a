package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine/outcome"

	"github.com/war-room/war-room/engine/record"
)

// Kinds of what a verification can find changed.
const (
	problemStep         = "step"
	ProblemContribution = "contribution"
	problemDecision     = "decision"
	problemRecord       = "record"
	// ProblemOutcome is an outcome addendum that does not chain to the decision.
	ProblemOutcome = "outcome"
)

// Problem is one stored value that does not match what its content recomputes to.
type Problem struct {
	// Kind is step, contribution (a node of the DAG), decision, record or outcome.
	Kind string `json:"kind"`
	// Name names the value: a step key, a node ("3f2a… Response B in coa"), a field.
	Name       string `json:"name"`
	Field      string `json:"field,omitempty"`
	Stored     string `json:"stored"`
	Recomputed string `json:"recomputed"`
}

// Describe says what differs, in one line.
func (p Problem) Describe() string {
	s := p.Kind + " " + p.Name
	if p.Field != "" {
		s += " (" + p.Field + ")"
	}
	return fmt.Sprintf("%s: stored %s, recomputed %s", s, orNone(p.Stored), orNone(p.Recomputed))
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// Report is the outcome of VerifySession. Problems are in the order a reader should look:
// stored steps, then contributions, then the decision and the record.
type Report struct {
	Session string `json:"session"`
	// Sealed says the session has a sealed record (it ended in a decision or a result).
	Sealed bool `json:"sealed"`
	// Outcome is what the record seals: "decision" or "result" (a review lane's).
	Outcome string `json:"outcome,omitempty"`
	Steps   int    `json:"steps"`
	Nodes   int    `json:"nodes"`
	// Root is the sealed root, RecomputedRoot what the stored record computes to now.
	Root           string    `json:"root,omitempty"`
	RecomputedRoot string    `json:"recomputed_root,omitempty"`
	Problems       []Problem `json:"problems,omitempty"`
	// Outcomes counts the outcome addenda chained to the decision.
	Outcomes int `json:"outcomes,omitempty"`
}

// OK reports whether everything recomputed to its stored value.
func (r Report) OK() bool { return len(r.Problems) == 0 }

// VerifySession recomputes everything a session stored: each step against the digest taken
// when it was stored, each contribution's hashes and the DAG root, and, once sealed, the record
// against the current steps, DAG and decision, and the root itself. A session that is still
// running or paused verifies what it has. An unknown session is ErrNotFound.
func VerifySession(ctx context.Context, st Store, id string) (Report, error) {
	rep := Report{Session: id}
	if _, err := st.GetSession(ctx, id); err != nil {
		return rep, fmt.Errorf("verify session %s: %w", id, err)
	}
	steps, err := st.Steps(ctx, id)
	if err != nil {
		return rep, fmt.Errorf("verify session %s: read steps: %w", id, err)
	}
	rep.Steps = len(steps)
	current := map[string]string{}
	for _, s := range steps {
		sum := record.SHA256Hex(s.Result)
		current[s.Key] = sum
		if s.SHA256 != sum { // every step is stored with its digest: a blank one was blanked
			rep.add(problemStep, s.Key, "sha256", s.SHA256, sum)
		}
	}
	dagRoot, err := rep.verifyDAG(ctx, st, id)
	if err != nil {
		return rep, err
	}
	return rep, rep.verifyRecord(ctx, st, id, current, dagRoot)
}

func (r *Report) add(kind, name, field, stored, recomputed string) {
	r.Problems = append(r.Problems, Problem{Kind: kind, Name: name, Field: field, Stored: stored, Recomputed: recomputed})
}

// verifyDAG checks the stored DAG, if any, and returns the root its nodes recompute to.
func (r *Report) verifyDAG(ctx context.Context, st Store, id string) (string, error) {
	dag, err := LoadDAG(ctx, st, id)
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("verify session %s: %w", id, err)
	}
	d := record.VerifyDAG(dag)
	r.Nodes = d.Nodes
	for _, p := range d.Problems {
		name := "root"
		if p.Node != "" {
			name = fmt.Sprintf("%s %s in %s", p.Node, p.Label, p.Phase)
		}
		r.add(ProblemContribution, name, p.Field, p.Stored, p.Recomputed)
	}
	return d.RecomputedRoot, nil
}

// verifyRecord checks the sealed record against what is stored now.
func (r *Report) verifyRecord(ctx context.Context, st Store, id string, steps map[string]string, dagRoot string) error {
	raw, err := st.GetArtifact(ctx, id, RecordArtifact)
	hasDecision := true
	d, derr := LoadDecision(ctx, st, id)
	if errors.Is(derr, ErrNotFound) {
		hasDecision = false
	} else if derr != nil {
		r.add(problemDecision, DecisionArtifact, "", "(unreadable)", derr.Error())
	}
	_, rerr := st.GetArtifact(ctx, id, ResultArtifact)
	hasResult := rerr == nil
	switch {
	case errors.Is(err, ErrNotFound) && (hasDecision || hasResult):
		// Every decision and every result is sealed when it is made, the record stored first:
		// one without its seal was tampered with (a deleted record cannot downgrade verify to
		// "nothing to check").
		what := "a decision"
		if !hasDecision {
			what = "a result"
		}
		r.add(problemRecord, RecordArtifact, "", "(missing)", what+" with no sealed record")
		return nil
	case errors.Is(err, ErrNotFound):
		return nil // not sealed yet: a running or paused session
	case err != nil:
		return fmt.Errorf("verify session %s: read record: %w", id, err)
	}
	var rec Seal
	if err := json.Unmarshal(raw, &rec); err != nil {
		r.add(problemRecord, RecordArtifact, "", "(unreadable)", err.Error())
		return nil
	}
	r.Sealed, r.Outcome, r.Root, r.RecomputedRoot = true, rec.outcome(), rec.Root, rec.ComputeRoot()
	for _, a := range rec.Artifacts {
		body, err := st.GetArtifact(ctx, id, a.Name)
		switch {
		case errors.Is(err, ErrNotFound):
			r.add(problemRecord, a.Name, "sha256", a.SHA256, "(missing)")
		case err != nil:
			return fmt.Errorf("verify session %s: read %s: %w", id, a.Name, err)
		case record.SHA256Hex(body) != a.SHA256:
			r.add(problemRecord, a.Name, "sha256", a.SHA256, record.SHA256Hex(body))
		}
	}
	for _, s := range rec.Steps {
		if now, ok := steps[s.Key]; !ok {
			r.add(problemStep, s.Key, "sha256", s.SHA256, "(missing)")
		} else if now != s.SHA256 && !r.has(problemStep, s.Key) {
			r.add(problemStep, s.Key, "sha256", s.SHA256, now)
		}
	}
	if rec.DAGRoot != dagRoot && !r.has(ProblemContribution, "") {
		r.add(ProblemContribution, "root", "dag_root", rec.DAGRoot, dagRoot)
	}
	if r.Outcome == "result" {
		if hasDecision {
			r.add(problemDecision, DecisionArtifact, "", "(none sealed)", "a decision beside a sealed result")
		}
	} else if d != nil {
		if sum, err := decisionDigest(d); err == nil && sum != rec.Decision {
			r.add(problemDecision, DecisionArtifact, "sha256", rec.Decision, sum)
		}
		if d.MerkleRoot != rec.Root {
			r.add(problemDecision, DecisionArtifact, "merkle_root", d.MerkleRoot, rec.Root)
		}
	} else if !hasDecision {
		r.add(problemDecision, DecisionArtifact, "", rec.Decision, "(missing)")
	}
	if r.RecomputedRoot != rec.Root {
		r.add(problemRecord, RecordArtifact, "root", rec.Root, r.RecomputedRoot)
	}
	chain, err := Outcomes(ctx, st, id)
	if err != nil {
		r.add(ProblemOutcome, outcome.Artifact, "", "(unreadable)", err.Error())
		return nil
	}
	r.Outcomes = len(chain)
	r.Problems = append(r.Problems, VerifyOutcomes(id, rec.Root, chain)...)
	return nil
}

// has reports whether a problem of kind (and name, when given) was found already.
func (r *Report) has(kind, name string) bool {
	for _, p := range r.Problems {
		if p.Kind == kind && (name == "" || p.Name == name) {
			return true
		}
	}
	return false
}
