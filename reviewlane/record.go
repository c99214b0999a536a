package reviewlane

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/war-room/war-room/engine"
	"github.com/war-room/war-room/engine/verify"
	"github.com/war-room/war-room/internal/safetext"
)

// A lane's result is sealed like a decision: its session's record commits to the request
// document, the reviewer's stored answer and the result document (judgment, findings,
// nonce echoed, evidence digests), byte for byte. The check run's summary names the root,
// and its text carries the record itself, so that `war-room verify --repo … --check-run ID`
// recomputes it from what GitHub serves and checks what the check run shows against the
// result it seals.

// maxText keeps a check run's text under GitHub's 65,535 characters.
const maxText = 65000

// errNoLaneRecord says a check run carries no lane record war-room can read.
var errNoLaneRecord = errors.New("carries no war-room lane record")

// laneRecord is the record as a check run's text carries it: the sealed record and its
// documents, and the SHA-256 of the summary published beside it (made after the seal, so it
// sits beside the root, not under it).
type laneRecord struct {
	*verify.PublishedRecord
	Published map[string]string `json:"published,omitempty"`
}

// recordText is the check run's text for r: its record in a collapsed block, or, for a
// record too large for a check run, a sentence saying where it can be checked.
func recordText(r *Result, summary string) string {
	if r.record == nil {
		return ""
	}
	raw, err := json.Marshal(laneRecord{r.record, map[string]string{"summary": safetext.PublishedDigest(summary)}})
	if err != nil {
		panic(fmt.Sprintf("reviewlane: encode the record: %v", err)) // plain data: cannot fail
	}
	payload := safetext.ASCIIJSON(raw) // escapes <, >, &, / and _: no text inside means anything to GitHub
	text := fmt.Sprintf("<details><summary>Verifiable record of this lane (root <code>%s</code>)</summary>\n\n%s\n</details>\n",
		r.record.Seal.Root, safetext.JSONBlock(safetext.JSONFence(payload), payload))
	if len(text) > maxText {
		return fmt.Sprintf("The sealed record of this lane (root `%s`) is too large for a check run; "+
			"`war-room verify %s` checks it where the lane ran.\n", r.record.Seal.Root, r.SessionID)
	}
	return text
}

// PublishedCheck is a lane's check run as GitHub serves it.
type PublishedCheck struct {
	ID                                              int64
	Name, HeadSHA, Conclusion, Title, Summary, Text string
}

// CheckRun reads check run id of repo.
func (c *Client) CheckRun(ctx context.Context, repo string, id int64) (PublishedCheck, error) {
	owner, name, err := splitRepo(repo)
	if err != nil {
		return PublishedCheck{}, err
	}
	cr, _, err := c.gh.Checks.GetCheckRun(ctx, owner, name, id)
	if err != nil {
		return PublishedCheck{}, fmt.Errorf("read check run %d of %s: %w", id, repo, err)
	}
	out := cr.GetOutput()
	return PublishedCheck{ID: id, Name: cr.GetName(), HeadSHA: cr.GetHeadSHA(), Conclusion: cr.GetConclusion(),
		Title: out.GetTitle(), Summary: out.GetSummary(), Text: out.GetText()}, nil
}

// problemCheck is the kind of a problem VerifyCheckRun finds in what the check run shows.
const problemCheck = "check run"

// VerifyCheckRun recomputes the lane record c carries: the root over the record's step and
// document digests, each document against its digest. It then checks what the check run
// shows against the result the record seals: its name, head commit, title, conclusion, and
// its summary against the digest published with the record. A check run with no record is
// ErrNoLaneRecord.
func VerifyCheckRun(c PublishedCheck) (verify.Report, error) {
	payload, ok := safetext.ReadJSONBlock(c.Text)
	if !ok {
		return verify.Report{}, fmt.Errorf("check run %d %w", c.ID, errNoLaneRecord)
	}
	var rec laneRecord
	if err := json.Unmarshal([]byte(payload), &rec); err != nil || rec.PublishedRecord == nil {
		return verify.Report{}, fmt.Errorf("check run %d %w: its record does not decode: %v", c.ID, errNoLaneRecord, err)
	}
	rep := verify.Published(rec.PublishedRecord)
	if rep.Outcome != "result" {
		rep.Problems = append(rep.Problems, verify.Problem{Kind: problemCheck, Name: "record", Stored: rep.Outcome, Recomputed: "a lane's result"})
		return rep, nil
	}
	var r Result
	if err := json.Unmarshal([]byte(rec.Artifacts[engine.ResultArtifact]), &r); err != nil {
		rep.Problems = append(rep.Problems, verify.Problem{Kind: problemCheck, Name: engine.ResultArtifact, Stored: "(unreadable)", Recomputed: err.Error()})
		return rep, nil
	}
	_, title := Conclusions{}.Of(&r)
	shown := func(field, got, want string) {
		if got != want {
			rep.Problems = append(rep.Problems, verify.Problem{Kind: problemCheck, Name: fmt.Sprint(c.ID), Field: field, Stored: got, Recomputed: want})
		}
	}
	shown("name", c.Name, CheckName(r.Lane))
	shown("head_sha", c.HeadSHA, r.HeadSHA)
	shown("title", c.Title, title)
	if !slices.Contains(conclusionsOf(&r), c.Conclusion) {
		shown("conclusion", c.Conclusion, strings.Join(conclusionsOf(&r), " or "))
	}
	if !safetext.PublishedMatches(c.Summary, rec.Published["summary"]) {
		shown("summary", safetext.PublishedDigest(c.Summary), rec.Published["summary"])
	}
	if !strings.Contains(c.Summary, rec.Seal.Root) {
		shown("summary", "(no root)", "root "+rec.Seal.Root)
	}
	return rep, nil
}

// conclusionsOf lists the conclusions a check run for r may have under any setting of
// review.refuted_conclusion and review.partial.
func conclusionsOf(r *Result) []string {
	var out []string
	for _, refuted := range []string{"failure", "neutral"} {
		for _, partial := range []string{"neutral", "success", "failure"} {
			if c, _ := (Conclusions{Refuted: refuted, Partial: partial}).Of(r); !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}
