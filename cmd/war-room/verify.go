package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/war-room/war-room/engine"
)

func init() {
	register(command{name: "verify", summary: "recompute a session's Merkle DAG and report any tampered node", run: runVerify})
}

// verifyReport is what verify prints with --json.
type verifyReport struct {
	Session string `json:"session"`
	OK      bool   `json:"ok"`
	engine.DAGReport
	// DecisionRoot is the root the stored decision records, "" when there is none yet.
	DecisionRoot string `json:"decision_root,omitempty"`
}

// runVerify recomputes every hash of a session's stored DAG and the root over its leaves, and
// checks the root against the one the decision recorded (and published). Exit 0 means every
// value recomputed; exit 1 names each node or root that did not.
func runVerify(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "verify", "SESSION [--db FILE] [--json]")
	var cf commonFlags
	cf.register(fs)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErr("verify takes exactly one session id")
	}
	st, err := cf.openStore(ctx, e)
	if err != nil {
		return err
	}
	defer st.Close()
	dag, err := engine.LoadDAG(ctx, st, pos[0])
	if errors.Is(err, engine.ErrNotFound) {
		return exitErr(exitUsage, fmt.Errorf("session %s has no Merkle DAG stored (unknown session, or a protocol that keeps none)", pos[0]))
	}
	if err != nil {
		return err
	}
	rep := verifyReport{Session: pos[0], DAGReport: engine.VerifyDAG(dag)}
	if rep.DecisionRoot, err = decisionRoot(ctx, st, pos[0]); err != nil {
		return err
	}
	if rep.DecisionRoot != "" && rep.DecisionRoot != rep.RecomputedRoot {
		rep.Problems = append(rep.Problems, engine.DAGProblem{Field: "decision root", Stored: rep.DecisionRoot, Recomputed: rep.RecomputedRoot})
	}
	rep.OK = len(rep.Problems) == 0
	if cf.json {
		if err := writeJSON(e, rep); err != nil {
			return err
		}
	} else {
		printVerify(e, rep)
	}
	if !rep.OK {
		return exitErr(exitFailure, fmt.Errorf("session %s: %d value(s) do not match their content", pos[0], len(rep.Problems)))
	}
	return nil
}

// decisionRoot is the Merkle root recorded in the session's decision, "" without a decision.
func decisionRoot(ctx context.Context, st engine.Store, id string) (string, error) {
	b, err := st.GetArtifact(ctx, id, "decision.json")
	if errors.Is(err, engine.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read decision of %s: %w", id, err)
	}
	var d engine.Decision
	if err := json.Unmarshal(b, &d); err != nil {
		return "", fmt.Errorf("decode decision of %s: %w", id, err)
	}
	return d.MerkleRoot, nil
}

func printVerify(e *env, r verifyReport) {
	if r.OK {
		fmt.Fprintf(e.stdout, "OK %s: %d node(s), root %s\n", r.Session, r.Nodes, r.RecomputedRoot)
		return
	}
	fmt.Fprintf(e.stdout, "FAILED %s: %d node(s)\n", r.Session, r.Nodes)
	for _, p := range r.Problems {
		where := p.Field
		if p.Node != "" {
			where = fmt.Sprintf("node %s (%s, %s) %s", p.Node, p.Label, p.Phase, p.Field)
		}
		fmt.Fprintf(e.stdout, "  %s: stored %s, recomputed %s\n", where, orNone(p.Stored), orNone(p.Recomputed))
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}
