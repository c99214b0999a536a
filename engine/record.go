package engine

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine/decision"
	"github.com/war-room/war-room/engine/record"
)

// The record of a session is everything a resume reuses and a reader trusts: the DAG of
// contributions, every stored step result, and the decision. Sealing it computes one root
// that commits to all three, stores it with the decision (and so in what is published), and
// lets anyone recompute it later; verify.Session names the first thing that no longer matches.

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

// Kind is what the record seals: "decision", or "result" (a review lane's documents).
func (rec Seal) Kind() string {
	if rec.Decision == "" && len(rec.Artifacts) > 0 {
		return "result"
	}
	return "decision"
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
	if rec.Decision, err = d.Digest(); err != nil {
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
// verify.Session).
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
