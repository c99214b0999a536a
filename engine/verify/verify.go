// Package verify recomputes what a session stored or published and says what no longer matches:
// each step against its digest, each contribution and the DAG root, the decision and the
// sealed root, and the chain of outcomes added since. It also gathers a sealed session's record
// for publishing, and adds an outcome only to a record that still verifies.
package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/decision"
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

// Report is the outcome of Session. Problems are in the order a reader should look:
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

// Session recomputes everything a session stored: each step against the digest taken
// when it was stored, each contribution's hashes and the DAG root, and, once sealed, the record
// against the current steps, DAG and decision, and the root itself. A session that is still
// running or paused verifies what it has. An unknown session is ErrNotFound.
func Session(ctx context.Context, st engine.Store, id string) (Report, error) {
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
func (r *Report) verifyDAG(ctx context.Context, st engine.Store, id string) (string, error) {
	dag, err := engine.LoadDAG(ctx, st, id)
	if errors.Is(err, engine.ErrNotFound) {
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
func (r *Report) verifyRecord(ctx context.Context, st engine.Store, id string, steps map[string]string, dagRoot string) error {
	raw, err := st.GetArtifact(ctx, id, engine.RecordArtifact)
	hasDecision := true
	d, derr := engine.LoadDecision(ctx, st, id)
	if errors.Is(derr, engine.ErrNotFound) {
		hasDecision = false
	} else if derr != nil {
		r.add(problemDecision, engine.DecisionArtifact, "", "(unreadable)", derr.Error())
	}
	_, rerr := st.GetArtifact(ctx, id, engine.ResultArtifact)
	hasResult := rerr == nil
	switch {
	case errors.Is(err, engine.ErrNotFound) && (hasDecision || hasResult):
		// Every decision and every result is sealed when it is made, the record stored first:
		// one without its seal was tampered with (a deleted record cannot downgrade verify to
		// "nothing to check").
		what := "a decision"
		if !hasDecision {
			what = "a result"
		}
		r.add(problemRecord, engine.RecordArtifact, "", "(missing)", what+" with no sealed record")
		return nil
	case errors.Is(err, engine.ErrNotFound):
		return nil // not sealed yet: a running or paused session
	case err != nil:
		return fmt.Errorf("verify session %s: read record: %w", id, err)
	}
	var rec engine.Seal
	if err := json.Unmarshal(raw, &rec); err != nil {
		r.add(problemRecord, engine.RecordArtifact, "", "(unreadable)", err.Error())
		return nil
	}
	r.Sealed, r.Outcome, r.Root, r.RecomputedRoot = true, rec.Kind(), rec.Root, rec.ComputeRoot()
	for _, a := range rec.Artifacts {
		body, err := st.GetArtifact(ctx, id, a.Name)
		switch {
		case errors.Is(err, engine.ErrNotFound):
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
			r.add(problemDecision, engine.DecisionArtifact, "", "(none sealed)", "a decision beside a sealed result")
		}
	} else if d != nil {
		if sum, err := d.Digest(); err == nil && sum != rec.Decision {
			r.add(problemDecision, engine.DecisionArtifact, "sha256", rec.Decision, sum)
		}
		if d.MerkleRoot != rec.Root {
			r.add(problemDecision, engine.DecisionArtifact, "merkle_root", d.MerkleRoot, rec.Root)
		}
	} else if !hasDecision {
		r.add(problemDecision, engine.DecisionArtifact, "", rec.Decision, "(missing)")
	}
	if r.RecomputedRoot != rec.Root {
		r.add(problemRecord, engine.RecordArtifact, "root", rec.Root, r.RecomputedRoot)
	}
	chain, err := Outcomes(ctx, st, id)
	if err != nil {
		r.add(ProblemOutcome, outcome.Artifact, "", "(unreadable)", err.Error())
		return nil
	}
	r.Outcomes = len(chain)
	r.Problems = append(r.Problems, OutcomeChain(id, rec.Root, chain)...)
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

// checkPublishedDecision checks a published decision against the record.
func (r *Report) checkPublishedDecision(p *PublishedRecord) {
	var d decision.Decision
	if err := json.Unmarshal(p.Decision, &d); err != nil {
		r.add(problemDecision, engine.DecisionArtifact, "", "(unreadable)", err.Error())
		return
	}
	if sum, err := d.Digest(); err == nil && sum != p.Seal.Decision {
		r.add(problemDecision, engine.DecisionArtifact, "sha256", p.Seal.Decision, sum)
	}
	if d.MerkleRoot != p.Seal.Root {
		r.add(problemDecision, engine.DecisionArtifact, "merkle_root", d.MerkleRoot, p.Seal.Root)
	}
}

// errNotVerified is wrapped by the error of a decision whose record no longer verifies.
var errNotVerified = errors.New("its record no longer verifies")

// Decision is LoadDecision for a reader who will trust what it says (a person reading
// it, a publisher posting it): it refuses a decision whose record does not verify, naming the
// first thing that differs.
func Decision(ctx context.Context, st engine.Store, id string) (*decision.Decision, error) {
	rep, err := Session(ctx, st, id)
	if err != nil {
		return nil, err
	}
	if !rep.OK() {
		return nil, fmt.Errorf("session %s: %w: %s (run war-room verify %[1]s)", id, errNotVerified, rep.Problems[0].Describe())
	}
	return engine.LoadDecision(ctx, st, id)
}

// PublishedRecord is a session's record as it is published beside its decision: the sealed
// record, every contribution verbatim and the decision itself, so that anyone can recompute
// the root from what GitHub serves, with no access to war-room's store.
type PublishedRecord struct {
	Seal  engine.Seal      `json:"record"`
	Nodes []record.DAGNode `json:"nodes,omitempty"`
	// Decision is decision.json as the session stored it (absent for a result).
	Decision json.RawMessage `json:"decision,omitempty"`
	// Artifacts are the documents a result's record commits to, by name, byte for byte.
	Artifacts map[string]string `json:"artifacts,omitempty"`
}

// Export gathers a sealed session's record for publishing.
func Export(ctx context.Context, st engine.Store, id string) (*PublishedRecord, error) {
	raw, err := st.GetArtifact(ctx, id, engine.RecordArtifact)
	if err != nil {
		return nil, fmt.Errorf("read the record of %s: %w", id, err)
	}
	var p PublishedRecord
	if err := json.Unmarshal(raw, &p.Seal); err != nil {
		return nil, fmt.Errorf("decode the record of %s: %w", id, err)
	}
	for _, a := range p.Seal.Artifacts {
		b, err := st.GetArtifact(ctx, id, a.Name)
		if err != nil {
			return nil, fmt.Errorf("read %s of %s: %w", a.Name, id, err)
		}
		if p.Artifacts == nil {
			p.Artifacts = map[string]string{}
		}
		p.Artifacts[a.Name] = string(b)
	}
	if p.Seal.Decision == "" {
		return &p, nil // a result: its documents are all there is
	}
	if p.Decision, err = st.GetArtifact(ctx, id, engine.DecisionArtifact); err != nil {
		return nil, fmt.Errorf("read the decision of %s: %w", id, err)
	}
	if p.Seal.DAGRoot != "" {
		dag, err := engine.LoadDAG(ctx, st, id)
		if err != nil {
			return nil, err
		}
		p.Nodes = dag.Nodes
	}
	return &p, nil
}

// Published recomputes a published record: every contribution's hashes and the
// contributions' root, the decision's digest, and the root over them and the step digests
// the record lists (the steps themselves stay in war-room's store).
func Published(p *PublishedRecord) Report {
	rep := Report{Session: p.Seal.SessionID, Sealed: true, Steps: len(p.Seal.Steps), Nodes: len(p.Nodes),
		Root: p.Seal.Root, RecomputedRoot: p.Seal.ComputeRoot()}
	dagRoot := ""
	if len(p.Nodes) > 0 {
		d := record.VerifyDAG(&record.DAG{SessionID: p.Seal.SessionID, Nodes: p.Nodes, Root: p.Seal.DAGRoot})
		for _, pr := range d.Problems {
			name := "root"
			if pr.Node != "" {
				name = fmt.Sprintf("%s %s in %s", pr.Node, pr.Label, pr.Phase)
			}
			rep.add(ProblemContribution, name, pr.Field, pr.Stored, pr.Recomputed)
		}
		dagRoot = d.RecomputedRoot
	}
	if dagRoot != p.Seal.DAGRoot && !rep.has(ProblemContribution, "") {
		rep.add(ProblemContribution, "root", "dag_root", p.Seal.DAGRoot, dagRoot)
	}
	rep.Outcome = p.Seal.Kind()
	for _, a := range p.Seal.Artifacts {
		body, ok := p.Artifacts[a.Name]
		switch sum := record.SHA256Hex([]byte(body)); {
		case !ok:
			rep.add(problemRecord, a.Name, "sha256", a.SHA256, "(not published)")
		case sum != a.SHA256:
			rep.add(problemRecord, a.Name, "sha256", a.SHA256, sum)
		}
	}
	if rep.Outcome == "decision" { // a result has no decision: its documents were checked above
		rep.checkPublishedDecision(p)
	}
	if rep.RecomputedRoot != p.Seal.Root {
		rep.add(problemRecord, engine.RecordArtifact, "root", p.Seal.Root, rep.RecomputedRoot)
	}
	return rep
}

// OutcomeChain checks a decision's chain of outcome addenda against its root, as verify
// reports problems (Session checks a stored chain with it; the publisher a published one).
func OutcomeChain(session, root string, chain []outcome.Addendum) []Problem {
	var out []Problem
	for _, p := range outcome.Verify(session, root, chain) {
		out = append(out, Problem{Kind: ProblemOutcome, Name: p.Name, Field: p.Field, Stored: p.Stored, Recomputed: p.Recomputed})
	}
	return out
}

// Outcomes reads a session's outcome addenda (none when nothing was recorded).
func Outcomes(ctx context.Context, st engine.Store, id string) ([]outcome.Addendum, error) {
	raw, err := st.GetArtifact(ctx, id, outcome.Artifact)
	if errors.Is(err, engine.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the outcomes of %s: %w", id, err)
	}
	var chain []outcome.Addendum
	if err := json.Unmarshal(raw, &chain); err != nil {
		return nil, fmt.Errorf("the outcomes of %s do not read as JSON (edited?): %w", id, err)
	}
	return chain, nil
}

// RecordOutcome adds an outcome to a sealed decision in the store, after verifying the session,
// its outcomes included: an outcome is never added to a record that no longer verifies.
func RecordOutcome(ctx context.Context, st engine.Store, id, verdict, note, by, source string, at time.Time) (outcome.Addendum, error) {
	d, err := Decision(ctx, st, id)
	if err != nil {
		return outcome.Addendum{}, err
	}
	chain, err := Outcomes(ctx, st, id)
	if err != nil {
		return outcome.Addendum{}, err
	}
	a, err := outcome.Next(chain, id, d.MerkleRoot, verdict, note, by, source, at)
	if err != nil {
		return outcome.Addendum{}, err
	}
	raw, err := json.MarshalIndent(append(chain, a), "", "  ")
	if err != nil {
		return outcome.Addendum{}, err
	}
	if err := st.PutArtifact(ctx, id, outcome.Artifact, raw); err != nil {
		return outcome.Addendum{}, fmt.Errorf("store the outcome of %s: %w", id, err)
	}
	return a, nil
}
