package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/record"
)

// The record of a session is everything a resume reuses and a reader trusts: the DAG of
// contributions, every stored step result, and the decision. Sealing it computes one root
// that commits to all three, stores it with the decision (and so in what is published), and
// lets anyone recompute it later; VerifySession names the first thing that no longer matches.

// Artifacts of a sealed session. A session ends in a decision (a protocol) or in a result
// document (a review lane); either is sealed.
const (
	DecisionArtifact = "decision.json"
	RecordArtifact   = "record.json"
	ResultArtifact   = "result.json"
)

// recordVersion is the layout Root is computed over.
const recordVersion = 1

// stepDigest is one stored step as the record commits to it.
type stepDigest struct {
	Key    string `json:"key"`
	SHA256 string `json:"sha256"`
}

// Seal commits to a session's contributions, steps and decision.
type Seal struct {
	Version   int    `json:"version"`
	SessionID string `json:"session_id"`
	// DAGRoot is the contributions' root ("" when the protocol keeps no DAG).
	DAGRoot string       `json:"dag_root"`
	Steps   []stepDigest `json:"steps"`
	// Decision is the SHA-256 of the decision as stored, with its merkle_root left empty (the
	// root cannot commit to itself); "" for a session that ends in a result.
	Decision string `json:"decision"`
	// Artifacts are the documents a session that ends in a result commits to, byte for byte:
	// what it was asked (a lane's request) and, last, its result.
	Artifacts []artifactDigest `json:"artifacts,omitempty"`
	Root      string           `json:"root"`
}

// artifactDigest is one stored artifact as the record commits to it.
type artifactDigest struct {
	Name   string `json:"name"`
	SHA256 string `json:"sha256"`
}

// ComputeRoot is the record's root: a SHA-256 over its version, session, DAG root, every
// step digest in key order and the decision digest, NUL-separated so that no two records
// encode alike.
func (rec Seal) ComputeRoot() string {
	parts := []string{"war-room-record", fmt.Sprint(rec.Version), rec.SessionID, rec.DAGRoot}
	for _, s := range rec.Steps {
		parts = append(parts, s.Key, s.SHA256)
	}
	parts = append(parts, rec.Decision)
	for _, a := range rec.Artifacts { // none for a decision: its root is computed as it always was
		parts = append(parts, a.Name, a.SHA256)
	}
	return record.SHA256Hex([]byte(strings.Join(parts, "\x00")))
}

// checkPublishedDecision checks a published decision against the record.
func (r *Report) checkPublishedDecision(p *PublishedRecord) {
	var d decision.Decision
	if err := json.Unmarshal(p.Decision, &d); err != nil {
		r.add(problemDecision, DecisionArtifact, "", "(unreadable)", err.Error())
		return
	}
	if sum, err := decisionDigest(&d); err == nil && sum != p.Seal.Decision {
		r.add(problemDecision, DecisionArtifact, "sha256", p.Seal.Decision, sum)
	}
	if d.MerkleRoot != p.Seal.Root {
		r.add(problemDecision, DecisionArtifact, "merkle_root", d.MerkleRoot, p.Seal.Root)
	}
}

// outcome is what the record seals: a decision, or a result.
func (rec Seal) outcome() string {
	if rec.Decision == "" && len(rec.Artifacts) > 0 {
		return "result"
	}
	return "decision"
}

// decisionDigest is the SHA-256 of d as the record commits to it: its JSON encoding with the
// Merkle root left empty.
func decisionDigest(d *decision.Decision) (string, error) {
	c := *d
	c.MerkleRoot = ""
	b, err := json.Marshal(&c)
	if err != nil {
		return "", fmt.Errorf("encode decision: %w", err)
	}
	return record.SHA256Hex(b), nil
}

// Seal completes a session's record: it saves the DAG (when there is one), commits to every
// stored step and to d, stamps the root into d and stores the record and the decision. d must
// be final: anything added to it afterwards would no longer verify.
func (r *Run) Seal(ctx context.Context, d *decision.Decision, dag *record.DAG) error {
	// Everything sealed here is made again from the stored steps by a run that lost it; the
	// status change that follows (Finish) is the synced write that makes it durable.
	ctx = Derived(context.WithoutCancel(ctx))
	st := r.cfg.Store
	rec := Seal{Version: recordVersion, SessionID: r.session.ID}
	if dag != nil && len(dag.Nodes) > 0 {
		if err := SaveDAG(ctx, st, dag); err != nil {
			return err
		}
		rec.DAGRoot = dag.Root
	}
	steps, err := st.Steps(ctx, r.session.ID)
	if err != nil {
		return fmt.Errorf("seal the record: read steps: %w", err)
	}
	for _, s := range steps {
		sum := s.SHA256
		if sum == "" {
			sum = record.SHA256Hex(s.Result)
		}
		rec.Steps = append(rec.Steps, stepDigest{Key: s.Key, SHA256: sum})
	}
	if rec.Decision, err = decisionDigest(d); err != nil {
		return err
	}
	rec.Root = rec.ComputeRoot()
	d.MerkleRoot = rec.Root
	if err := putJSON(ctx, r, RecordArtifact, rec); err != nil {
		return err
	}
	if err := putJSON(ctx, r, DecisionArtifact, d); err != nil {
		return err
	}
	// Browsing reads this, never the decision; one lost to a crash right here is made up for
	// by reading the decision.
	if err := st.PutSummary(ctx, decision.SummaryOf(r.session.ID, d)); err != nil {
		return fmt.Errorf("store the summary of %s: %w", r.session.ID, err)
	}
	return nil
}

// SealResult completes the record of a session that ends in a result document rather than a
// decision (a review lane): the record commits to every stored step, to each of inputs (what
// the session was asked) and to result, byte for byte. The record is stored first and the
// documents after it, as a decision is, so a result found without its record was tampered
// with rather than cut short. It returns the root.
func (r *Run) SealResult(ctx context.Context, result []byte, inputs ...Artifact) (string, error) {
	ctx = Derived(context.WithoutCancel(ctx))
	for _, in := range inputs {
		if in.Name == DecisionArtifact || in.Name == RecordArtifact || in.Name == ResultArtifact {
			return "", fmt.Errorf("seal the record: %s cannot be an input of a result", in.Name)
		}
	}
	docs := append(slices.Clone(inputs), Artifact{Name: ResultArtifact, Body: result})
	rec := Seal{Version: recordVersion, SessionID: r.session.ID}
	for _, a := range docs {
		rec.Artifacts = append(rec.Artifacts, artifactDigest{Name: a.Name, SHA256: record.SHA256Hex(a.Body)})
	}
	steps, err := r.cfg.Store.Steps(ctx, r.session.ID)
	if err != nil {
		return "", fmt.Errorf("seal the record: read steps: %w", err)
	}
	for _, s := range steps {
		rec.Steps = append(rec.Steps, stepDigest{Key: s.Key, SHA256: cmp.Or(s.SHA256, record.SHA256Hex(s.Result))})
	}
	rec.Root = rec.ComputeRoot()
	if err := putJSON(ctx, r, RecordArtifact, rec); err != nil {
		return "", err
	}
	for _, a := range docs {
		if err := r.PutArtifact(ctx, a.Name, a.Body); err != nil {
			return "", err
		}
	}
	return rec.Root, nil
}

func putJSON(ctx context.Context, r *Run, name string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", name, err)
	}
	return r.PutArtifact(ctx, name, b)
}

// LoadDecision reads a session's stored decision as it is, without checking it (see
// VerifySession).
func LoadDecision(ctx context.Context, st Store, id string) (*decision.Decision, error) {
	b, err := st.GetArtifact(ctx, id, DecisionArtifact)
	if err != nil {
		return nil, fmt.Errorf("read the decision of %s: %w", id, err)
	}
	var d decision.Decision
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("decode the decision of %s: %w", id, err)
	}
	return &d, nil
}

// errNotVerified is wrapped by the error of a decision whose record no longer verifies.
var errNotVerified = errors.New("its record no longer verifies")

// VerifiedDecision is LoadDecision for a reader who will trust what it says (a person reading
// it, a publisher posting it): it refuses a decision whose record does not verify, naming the
// first thing that differs.
func VerifiedDecision(ctx context.Context, st Store, id string) (*decision.Decision, error) {
	rep, err := VerifySession(ctx, st, id)
	if err != nil {
		return nil, err
	}
	if !rep.OK() {
		return nil, fmt.Errorf("session %s: %w: %s (run war-room verify %[1]s)", id, errNotVerified, rep.Problems[0].Describe())
	}
	return LoadDecision(ctx, st, id)
}

// PublishedRecord is a session's record as it is published beside its decision: the sealed
// record, every contribution verbatim and the decision itself, so that anyone can recompute
// the root from what GitHub serves, with no access to war-room's store.
type PublishedRecord struct {
	Seal  Seal             `json:"record"`
	Nodes []record.DAGNode `json:"nodes,omitempty"`
	// Decision is decision.json as the session stored it (absent for a result).
	Decision json.RawMessage `json:"decision,omitempty"`
	// Artifacts are the documents a result's record commits to, by name, byte for byte.
	Artifacts map[string]string `json:"artifacts,omitempty"`
}

// ExportRecord gathers a sealed session's record for publishing.
func ExportRecord(ctx context.Context, st Store, id string) (*PublishedRecord, error) {
	raw, err := st.GetArtifact(ctx, id, RecordArtifact)
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
	if p.Decision, err = st.GetArtifact(ctx, id, DecisionArtifact); err != nil {
		return nil, fmt.Errorf("read the decision of %s: %w", id, err)
	}
	if p.Seal.DAGRoot != "" {
		dag, err := LoadDAG(ctx, st, id)
		if err != nil {
			return nil, err
		}
		p.Nodes = dag.Nodes
	}
	return &p, nil
}

// VerifyPublished recomputes a published record: every contribution's hashes and the
// contributions' root, the decision's digest, and the root over them and the step digests
// the record lists (the steps themselves stay in war-room's store).
func VerifyPublished(p *PublishedRecord) Report {
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
	rep.Outcome = p.Seal.outcome()
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
		rep.add(problemRecord, RecordArtifact, "root", p.Seal.Root, rep.RecomputedRoot)
	}
	return rep
}
