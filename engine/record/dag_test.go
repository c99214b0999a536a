package record_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine/record"
)

func sha(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

var (
	alice = record.Attribution{Role: "chief-strategist", Profile: "claude", Provider: "anthropic", Model: "m-1", Family: "anthropic"}
	bob   = record.Attribution{Role: "field-tactician", Profile: "glm", Provider: "openai", Model: "m-2", Family: "zhipu"}
	t0    = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
)

func TestMerkleHashesAreTheDocumentedSHA256s(t *testing.T) {
	assert.Equal(t, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", record.ContentHash("abc"))
	meta := record.MetadataHash(alice, "coa", 1, "Response A")
	assert.Equal(t, sha("war-room-dag-v1\x00chief-strategist\x00claude\x00anthropic\x00m-1\x00anthropic\x00coa\x001\x00Response A"), meta)
	assert.Equal(t, sha("c:m"), record.CombinedHash("c", "m", ""))
	assert.Equal(t, sha("c:m:p"), record.CombinedHash("c", "m", "p"))

	d := record.NewDAG("s1")
	n, err := d.Add("use a queue", "coa", 1, "Response A", alice, "", t0)
	require.NoError(t, err)
	assert.Equal(t, record.ContentHash("use a queue"), n.ContentHash)
	assert.Equal(t, meta, n.MetadataHash)
	assert.Equal(t, sha(n.ContentHash+":"+n.MetadataHash), n.CombinedHash)
	assert.Equal(t, n.CombinedHash[:16], n.ID)
	assert.Equal(t, sha(n.CombinedHash), d.Root, "root over a single leaf")
}

func TestMerkleRevisionsCommitToTheirParentAndLeaveTheLeafSet(t *testing.T) {
	d := record.NewDAG("s1")
	a1, err := d.Add("v1", "coa", 1, "Response A", alice, "", t0)
	require.NoError(t, err)
	b1, err := d.Add("other", "coa", 1, "Response B", bob, "", t0)
	require.NoError(t, err)
	a2, err := d.Add("v2", "coa", 2, "Response A", alice, a1.ID, t0)
	require.NoError(t, err)

	assert.Equal(t, sha(a2.ContentHash+":"+a2.MetadataHash+":"+a1.CombinedHash), a2.CombinedHash)
	leaves := record.Leaves(d.Nodes)
	require.Len(t, leaves, 2)
	assert.Equal(t, []string{b1.ID, a2.ID}, []string{leaves[0].ID, leaves[1].ID})
	want := []string{b1.CombinedHash, a2.CombinedHash}
	if want[0] > want[1] {
		want[0], want[1] = want[1], want[0]
	}
	assert.Equal(t, sha(want[0]+":"+want[1]), d.Root)

	_, err = d.Add("v3", "coa", 3, "Response A", alice, "0000000000000000", t0)
	assert.ErrorContains(t, err, "parent 0000000000000000")
	_, err = d.Add("v2", "coa", 2, "Response A", alice, a1.ID, t0)
	assert.ErrorContains(t, err, "already present")
}

func TestMerkleRootIgnoresArrivalOrder(t *testing.T) {
	x, y := record.NewDAG("s"), record.NewDAG("s")
	_, _ = x.Add("one", "coa", 1, "Response A", alice, "", t0)
	_, _ = x.Add("two", "coa", 1, "Response B", bob, "", t0)
	_, _ = y.Add("two", "coa", 1, "Response B", bob, "", t0.Add(time.Hour))
	_, _ = y.Add("one", "coa", 1, "Response A", alice, "", t0)
	assert.Equal(t, x.Root, y.Root)
	_, _ = y.Add("three", "vote", 1, "Response A", bob, "", t0)
	assert.NotEqual(t, x.Root, y.Root)
}

func TestAnonymousLabels(t *testing.T) {
	for i, want := range map[int]string{0: "Response A", 1: "Response B", 25: "Response Z",
		26: "Response AA", 27: "Response AB", 701: "Response ZZ", 702: "Response AAA"} {
		assert.Equal(t, want, record.AnonymousLabel(i), "index %d", i)
	}
}

func TestMerkleSealHidesAttributionUntilUnsealed(t *testing.T) {
	d := record.NewDAG("s")
	n, _ := d.Add("text", "coa", 1, "Response A", alice, "", t0)
	_, err := d.Attribution(n.ID)
	assert.ErrorIs(t, err, record.ErrSealed)
	view, _ := json.Marshal(d.Anonymized())
	for _, s := range []string{alice.Role, alice.Profile, alice.Model, alice.Family} {
		assert.NotContains(t, string(view), s)
	}
	d.Unseal()
	got, err := d.Attribution(n.ID)
	require.NoError(t, err)
	assert.Equal(t, alice, got)
	_, err = d.Attribution("ffffffffffffffff")
	assert.ErrorIs(t, err, record.ErrNoNode)
}

func sampleDAG(t *testing.T) *record.DAG {
	d := record.NewDAG("wr-verify")
	a1, err := d.Add("COA one", "coa", 1, "Response A", alice, "", t0)
	require.NoError(t, err)
	_, err = d.Add("COA two", "coa", 1, "Response B", bob, "", t0)
	require.NoError(t, err)
	_, err = d.Add("COA one, revised", "coa", 2, "Response A", alice, a1.ID, t0)
	require.NoError(t, err)
	return d
}

func fields(rep record.DAGReport) map[string][]string {
	out := map[string][]string{}
	for _, p := range rep.Problems {
		out[p.Node] = append(out[p.Node], p.Field)
	}
	return out
}

func TestVerifyDAGAcceptsAnUntouchedDAG(t *testing.T) {
	rep := record.VerifyDAG(sampleDAG(t))
	assert.True(t, rep.OK(), "%+v", rep.Problems)
	assert.Equal(t, 3, rep.Nodes)
	assert.Equal(t, rep.Root, rep.RecomputedRoot)
}

func TestVerifyDAGNamesTamperedNodes(t *testing.T) {
	cases := map[string]func(d *record.DAG){
		"content":     func(d *record.DAG) { d.Nodes[1].Content = "COA two (edited)" },
		"label":       func(d *record.DAG) { d.Nodes[1].Label = "Response C" },
		"attribution": func(d *record.DAG) { d.Nodes[1].Author.Model = "m-9" },
	}
	for name, tamper := range cases {
		t.Run(name, func(t *testing.T) {
			d := sampleDAG(t)
			tamper(d)
			rep := record.VerifyDAG(d)
			assert.False(t, rep.OK())
			got := fields(rep)
			assert.Contains(t, got[d.Nodes[1].ID], "combined_hash")
			assert.Contains(t, got[d.Nodes[1].ID], "id")
			assert.Contains(t, got, "", "the root no longer matches either")
			assert.NotContains(t, got, d.Nodes[0].ID, "untouched nodes pass")
		})
	}
}

func TestVerifyDAGFailsRevisionsOfATamperedParent(t *testing.T) {
	d := sampleDAG(t)
	d.Nodes[0].Content = "COA one (edited)"
	got := fields(record.VerifyDAG(d))
	assert.Equal(t, []string{"content_hash", "combined_hash", "id"}, got[d.Nodes[0].ID])
	assert.Equal(t, []string{"combined_hash", "id"}, got[d.Nodes[2].ID], "the revision commits to its parent")
	assert.NotContains(t, got, d.Nodes[1].ID)
}

func TestVerifyDAGDetectsATamperedRoot(t *testing.T) {
	d := sampleDAG(t)
	good := d.Root
	d.Root = sha("forged")
	rep := record.VerifyDAG(d)
	require.Len(t, rep.Problems, 1)
	assert.Equal(t, record.DAGProblem{Field: "root", Stored: sha("forged"), Recomputed: good}, rep.Problems[0])
}

func TestVerifyDAGDetectsADanglingParent(t *testing.T) {
	d := sampleDAG(t)
	d.Nodes[2].Parent = "0123456789abcdef"
	assert.Contains(t, fields(record.VerifyDAG(d))[d.Nodes[2].ID], "parent")
}
