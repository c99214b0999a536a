// Package record holds what makes a deliberation verifiable and knows no store: the Merkle DAG
// of contributions (anonymous labels, sealed attribution, content, metadata and combined
// hashes, the root over the leaves), its verification, and the digest every record uses.
package record

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The Merkle DAG records every contribution to a deliberation so that (a) experts can be shown
// each other's work under anonymous labels while the attribution stays sealed, (b) revisions
// point at the version they revise, and (c) anyone can recompute every hash from the stored
// record afterwards and see that nothing was changed. It knows nothing of any one protocol.

// DAGArtifact is the session artifact a DAG is stored under.
const DAGArtifact = "merkle-dag.json"

// ErrSealed is returned by attribution lookups while the DAG is still sealed.
var ErrSealed = errors.New("attribution is sealed until synthesis")

// ErrNoNode is returned for a node id the DAG does not hold.
var ErrNoNode = errors.New("no such node")

// Attribution says who produced a contribution. It is hashed into the node but shown to no
// model before the DAG is unsealed.
type Attribution struct {
	Role     string `json:"role"`
	Profile  string `json:"profile"`
	Provider string `json:"provider"`
	Model    string `json:"model"`
	Family   string `json:"family"`
}

// DAGNode is one contribution. ID is the first 16 hex digits of CombinedHash.
type DAGNode struct {
	ID     string `json:"id"`
	Parent string `json:"parent,omitempty"`
	Round  int    `json:"round"`
	Phase  string `json:"phase"`
	// Label is what experts see instead of the author, e.g. "Response B".
	Label        string      `json:"label"`
	Content      string      `json:"content"`
	Author       Attribution `json:"author"`
	ContentHash  string      `json:"content_hash"`
	MetadataHash string      `json:"metadata_hash"`
	CombinedHash string      `json:"combined_hash"`
	At           time.Time   `json:"at"`
}

// anonymousNode is a node as an expert may see it: no author.
type anonymousNode struct {
	ID      string `json:"id"`
	Parent  string `json:"parent,omitempty"`
	Round   int    `json:"round"`
	Phase   string `json:"phase"`
	Label   string `json:"label"`
	Content string `json:"content"`
}

// DAG is a session's contributions in the order they were added, with the root hash over
// its leaves (nodes no other node revises).
type DAG struct {
	SessionID string    `json:"session_id"`
	Sealed    bool      `json:"sealed"`
	Nodes     []DAGNode `json:"nodes"`
	Root      string    `json:"root"`
}

// NewDAG returns an empty, sealed DAG.
func NewDAG(sessionID string) *DAG { return &DAG{SessionID: sessionID, Sealed: true} }

// ContentHash is the SHA-256 of the contribution's text.
func ContentHash(content string) string { return SHA256Hex([]byte(content)) }

// MetadataHash covers everything about a node except its text and parent: who wrote it and
// where it sits in the deliberation, so relabelling or reattributing a node changes its hash.
// Fields are NUL-separated so no two different field lists encode alike.
func MetadataHash(a Attribution, phase string, round int, label string) string {
	return SHA256Hex([]byte(strings.Join([]string{"war-room-dag-v1", a.Role, a.Profile,
		a.Provider, a.Model, a.Family, phase, fmt.Sprint(round), label}, "\x00")))
}

// CombinedHash joins the content and metadata hashes and, for a revision, the combined hash
// of the version it revises: a leaf therefore commits to its whole history, and the root over
// the leaves commits to every node.
func CombinedHash(contentHash, metadataHash, parentCombined string) string {
	s := contentHash + ":" + metadataHash
	if parentCombined != "" {
		s += ":" + parentCombined
	}
	return SHA256Hex([]byte(s))
}

// shortID is the node id derived from a combined hash.
func shortID(combined string) string { return combined[:16] }

// AnonymousLabel returns the i-th (0-based) label: Response A … Response Z, Response AA, ….
func AnonymousLabel(i int) string {
	s := ""
	for n := i + 1; n > 0; n = (n - 1) / 26 {
		s = string(rune('A'+(n-1)%26)) + s
	}
	return "Response " + s
}

// Add appends a contribution, computing its hashes, and updates the root. parent is the id of
// the node this one revises ("" for none) and must already be in the DAG.
func (d *DAG) Add(content, phase string, round int, label string, author Attribution, parent string, at time.Time) (DAGNode, error) {
	n := DAGNode{Parent: parent, Round: round, Phase: phase, Label: label, Content: content,
		Author: author, At: at}
	parentCombined := ""
	if parent != "" {
		p, ok := d.node(parent)
		if !ok {
			return DAGNode{}, fmt.Errorf("dag: parent %s of %q not found", parent, label)
		}
		parentCombined = p.CombinedHash
	}
	n.ContentHash = ContentHash(content)
	n.MetadataHash = MetadataHash(author, phase, round, label)
	n.CombinedHash = CombinedHash(n.ContentHash, n.MetadataHash, parentCombined)
	n.ID = shortID(n.CombinedHash)
	if _, dup := d.node(n.ID); dup {
		return DAGNode{}, fmt.Errorf("dag: node %s (%s, %s round %d) already present", n.ID, label, phase, round)
	}
	d.Nodes = append(d.Nodes, n)
	d.Root = rootHash(d.Nodes)
	return n, nil
}

func (d *DAG) node(id string) (*DAGNode, bool) {
	for i := range d.Nodes {
		if d.Nodes[i].ID == id {
			return &d.Nodes[i], true
		}
	}
	return nil, false
}

// Leaves returns the nodes no other node names as parent, in DAG order.
func Leaves(nodes []DAGNode) []DAGNode {
	parents := map[string]bool{}
	for _, n := range nodes {
		if n.Parent != "" {
			parents[n.Parent] = true
		}
	}
	var out []DAGNode
	for _, n := range nodes {
		if !parents[n.ID] {
			out = append(out, n)
		}
	}
	return out
}

// rootHash is the SHA-256 of the leaves' combined hashes, sorted and colon-joined, so it does
// not depend on the order contributions arrived in. It is "" for an empty DAG.
func rootHash(nodes []DAGNode) string {
	leaves := Leaves(nodes)
	if len(leaves) == 0 {
		return ""
	}
	hs := make([]string, len(leaves))
	for i, n := range leaves {
		hs[i] = n.CombinedHash
	}
	slices.Sort(hs)
	return SHA256Hex([]byte(strings.Join(hs, ":")))
}

// Anonymized returns every node without its author, in DAG order.
func (d *DAG) Anonymized() []anonymousNode {
	out := make([]anonymousNode, len(d.Nodes))
	for i, n := range d.Nodes {
		out[i] = anonymousNode{ID: n.ID, Parent: n.Parent, Round: n.Round, Phase: n.Phase, Label: n.Label, Content: n.Content}
	}
	return out
}

// Unseal lifts the seal; from now on Attribution answers.
func (d *DAG) Unseal() { d.Sealed = false }

// Attribution returns a node's author, or ErrSealed while the DAG is sealed.
func (d *DAG) Attribution(id string) (Attribution, error) {
	if d.Sealed {
		return Attribution{}, ErrSealed
	}
	n, ok := d.node(id)
	if !ok {
		return Attribution{}, fmt.Errorf("dag: node %s: %w", id, ErrNoNode)
	}
	return n.Author, nil
}

// DAGProblem is one stored value that does not match what the content recomputes to.
type DAGProblem struct {
	// Node is the stored node id, "" for the root.
	Node  string `json:"node,omitempty"`
	Label string `json:"label,omitempty"`
	Phase string `json:"phase,omitempty"`
	// Field is content_hash, metadata_hash, combined_hash, id, parent or root.
	Field      string `json:"field"`
	Stored     string `json:"stored"`
	Recomputed string `json:"recomputed"`
}

// DAGReport is the result of VerifyDAG.
type DAGReport struct {
	Nodes          int          `json:"nodes"`
	Root           string       `json:"root"`
	RecomputedRoot string       `json:"recomputed_root"`
	Problems       []DAGProblem `json:"problems,omitempty"`
}

// OK reports whether every hash and the root recomputed to their stored values.
func (r DAGReport) OK() bool { return len(r.Problems) == 0 }

// VerifyDAG recomputes every node's hashes and id from its content, metadata and parent, and
// the root from the recomputed leaves, and reports each stored value that differs. A changed
// node also fails every node that revises it, since revisions commit to their parent's hash.
func VerifyDAG(d *DAG) DAGReport {
	rep := DAGReport{Nodes: len(d.Nodes), Root: d.Root}
	recomputed := make([]DAGNode, 0, len(d.Nodes))
	byID := map[string]string{} // stored id → recomputed combined hash
	for _, n := range d.Nodes {
		r := n
		r.ContentHash = ContentHash(n.Content)
		r.MetadataHash = MetadataHash(n.Author, n.Phase, n.Round, n.Label)
		parentCombined, ok := "", true
		if n.Parent != "" {
			parentCombined, ok = byID[n.Parent]
		}
		r.CombinedHash = CombinedHash(r.ContentHash, r.MetadataHash, parentCombined)
		id := shortID(r.CombinedHash)
		if !ok {
			rep.Problems = append(rep.Problems, problem(n, "parent", n.Parent, "(no earlier node has this id)"))
		}
		for _, f := range [][3]string{{"content_hash", n.ContentHash, r.ContentHash},
			{"metadata_hash", n.MetadataHash, r.MetadataHash},
			{"combined_hash", n.CombinedHash, r.CombinedHash}, {"id", n.ID, id}} {
			if f[1] != f[2] {
				rep.Problems = append(rep.Problems, problem(n, f[0], f[1], f[2]))
			}
		}
		// The stored ids keep the shape (who revises whom); only the hashes are recomputed.
		byID[n.ID] = r.CombinedHash
		recomputed = append(recomputed, r)
	}
	rep.RecomputedRoot = rootHash(recomputed)
	if rep.RecomputedRoot != d.Root {
		rep.Problems = append(rep.Problems, DAGProblem{Field: "root", Stored: d.Root, Recomputed: rep.RecomputedRoot})
	}
	return rep
}

func problem(n DAGNode, field, stored, recomputed string) DAGProblem {
	return DAGProblem{Node: n.ID, Label: n.Label, Phase: n.Phase, Field: field, Stored: stored, Recomputed: recomputed}
}
