package reviewlane

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/war-room/war-room/engine"
)

func TestDispatchConfirmedFromWellFormedAnswer(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n\nfunc main() {}\n"})
	b := f.build(t, f.options())
	gpt := scripted("openai", answer("FINDING: minor main.go:3 main does nothing yet\nThe change meets the contract.\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	d := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt})

	res, err := d.Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	req, reqSHA, err := ReadRequest(b.Requests[0])
	require.NoError(t, err)

	assert.Equal(t, StatusJudged, res.Status)
	assert.Equal(t, Confirmed, res.Disposition)
	assert.Equal(t, req.Nonce, res.NonceEchoed)
	assert.Equal(t, reqSHA, res.RequestSHA256)
	assert.Equal(t, f.head, res.HeadSHA)
	// Line 3 is an added line of the diff: a review comment can be anchored there.
	assert.Equal(t, []Finding{{File: "main.go", Line: 3, Severity: "minor", Text: "main does nothing yet",
		InDiff: true, Fingerprint: fingerprint("main.go", "main does nothing yet", "func main() {}")}}, res.Findings)
	assert.Equal(t, 1, res.Calls)
	assert.Equal(t, 1, calls(gpt), "one fresh provider call")
	assert.True(t, res.Reviewer.Scripted)
	assert.NotEqual(t, res.AuthorContextID, res.Reviewer.ContextID)
	assert.True(t, res.Coverage.Complete)

	// The prompt is the role body, the fenced contract and diff, and the nonce in the task.
	sent := requests(gpt)[0]
	assert.Contains(t, sent.User, reviewerPrompt())
	assert.NotContains(t, sent.System, reviewerPrompt(), "the system text is the session's, the role is in the message")
	assert.Equal(t, roleReviewer, sent.Role)
	assert.Contains(t, sent.User, "<<<BEGIN ACCEPTANCE_CONTRACT")
	assert.Contains(t, sent.User, "Every function must have a test.")
	assert.Contains(t, sent.User, "<<<BEGIN DIFF")
	assert.Contains(t, sent.User, "+func main() {}")
	end := strings.LastIndex(sent.User, "<<<END DIFF")
	assert.Greater(t, strings.Index(sent.User, "nonce="+req.Nonce), end, "the nonce appears only in the trusted task, after the data")

	// Evidence: transcript and artifact beneath the evidence directory, and the result beside them.
	for _, p := range []string{res.Evidence.Transcript, res.Evidence.Artifact} {
		_, err := validateEvidence(req.EvidenceDir, p)
		assert.NoError(t, err)
	}
	stored, err := ReadResult(filepath.Join(filepath.Dir(b.Requests[0]), "result.json"))
	require.NoError(t, err)
	assert.Equal(t, Confirmed, stored.Disposition)

	// The ledger recorded the call in the lane's own session.
	ledger, err := d.Run.Store.Ledger(context.Background(), res.SessionID)
	require.NoError(t, err)
	require.Len(t, ledger, 1)
	assert.Equal(t, []string{inputContract, inputDiff}, ledger[0].Inputs)
	s, err := d.Run.Store.GetSession(context.Background(), res.SessionID)
	require.NoError(t, err)
	assert.Equal(t, protocol, s.Protocol)
	assert.Equal(t, engine.StatusCompleted, s.Status)
}

func TestDispatchRefutedCarriesFindings(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	b := f.build(t, f.options())
	gpt := scripted("openai", answer("FINDING: blocker main.go:1 no test covers this\nFINDING: nit the change as a whole has no description\nNot acceptable.\nJUDGMENT: REFUTED nonce="+echoTrueNonce))
	res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, StatusJudged, res.Status)
	assert.Equal(t, Refuted, res.Disposition)
	assert.Equal(t, []Finding{
		{File: "main.go", Line: 1, Severity: "blocker", Text: "no test covers this",
			InDiff: true, Fingerprint: fingerprint("main.go", "no test covers this", "package main")},
		{Severity: "nit", Text: "the change as a whole has no description",
			Fingerprint: fingerprint("", "the change as a whole has no description", "")},
	}, res.Findings)
}

func TestHeadMovedBeforeDispatchIsStaleWithZeroCalls(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	b := f.build(t, f.options())
	moved := f.repo.commit("another push", map[string]string{"main.go": "package main // v2\n"})
	gpt := scripted("openai", answer("x\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	d := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt})

	res, err := d.Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, statusStale, res.Status)
	assert.Equal(t, f.head, res.HeadSHA, "the result stays bound to the pinned head")
	assert.Equal(t, moved, res.StaleHeadSHA)
	assert.Empty(t, res.Disposition)
	assert.Equal(t, 0, res.Calls)
	assert.Equal(t, 0, calls(gpt))
	ledger, err := d.Run.Store.Ledger(context.Background(), res.SessionID)
	require.NoError(t, err)
	assert.Empty(t, ledger)
}

func TestCrossFamilyRefusesReviewerOfAuthorsFamily(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	// The change was co-authored by Claude (anthropic); an anthropic reviewer is refused.
	b := f.build(t, f.options(laneSpec{Name: "claude", Profile: "claude", Family: "anthropic"}))
	claude := scripted("anthropic", answer("x\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	res, err := dispatcher(t, f.source(), engine.Profiles{"claude": claude}).Dispatch(context.Background(), b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, statusBlocked, res.Status)
	assert.Equal(t, blockedSameFamily, res.BlockedReason)
	assert.Empty(t, res.Disposition)
	assert.Equal(t, 0, calls(claude))
	assert.Contains(t, res.Detail, "anthropic")

	// fresh-context allows the same family.
	f2 := newFixture(t, map[string]string{"main.go": "package main\n"})
	o := f2.options(laneSpec{Name: "claude", Profile: "claude", Family: "anthropic"})
	o.Diversity = "fresh-context"
	b2 := f2.build(t, o)
	res, err = dispatcher(t, f2.source(), engine.Profiles{"claude": claude}).Dispatch(context.Background(), b2.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, StatusJudged, res.Status)
}

func TestDigestMismatchRefusesToRun(t *testing.T) {
	for _, which := range []string{"diff.patch", "contract.md"} {
		t.Run(which, func(t *testing.T) {
			f := newFixture(t, map[string]string{"main.go": "package main\n"})
			b := f.build(t, f.options())
			path := filepath.Join(b.Dir, which)
			fh, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			require.NoError(t, err)
			_, err = fh.WriteString("\n+ sneaked in after the digest was taken\n")
			require.NoError(t, err)
			require.NoError(t, fh.Close())

			gpt := scripted("openai", answer("x\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
			res, err := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt}).Dispatch(context.Background(), b.Requests[0])
			require.NoError(t, err)
			assert.Equal(t, statusBlocked, res.Status)
			assert.Equal(t, blockedDigestMismatch, res.BlockedReason)
			assert.Contains(t, res.Detail, which)
			assert.Equal(t, 0, calls(gpt))
		})
	}
}

func TestRequestWithoutDigestIsRefused(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	b := f.build(t, f.options())
	raw, err := os.ReadFile(b.Requests[0])
	require.NoError(t, err)
	var req request
	r, _, err := ReadRequest(b.Requests[0])
	require.NoError(t, err)
	req = *r
	req.Diff.SHA256 = ""
	_, err = req.Marshal()
	require.Error(t, err, "a path without a digest cannot be written")
	var se *schemaError
	require.ErrorAs(t, err, &se)

	// Nor read: strip the digest from a copy on disk.
	tampered := strings.Replace(string(raw), `"sha256": "`+r.Diff.SHA256+`",`, "", 1)
	require.NotEqual(t, string(raw), tampered)
	path := filepath.Join(t.TempDir(), "request.json")
	require.NoError(t, os.WriteFile(path, []byte(tampered), 0o644))
	_, _, err = ReadRequest(path)
	require.ErrorAs(t, err, &se)
	assert.Contains(t, err.Error(), `missing required "sha256"`)
}

func TestRequestIsWrittenOnce(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	b := f.build(t, f.options())
	r, _, err := ReadRequest(b.Requests[0])
	require.NoError(t, err)
	r.HeadSHA = strings.Repeat("a", 40)
	require.Error(t, writeRequest(b.Requests[0], r), "an existing request is never overwritten")
	again, _, err := ReadRequest(b.Requests[0])
	require.NoError(t, err)
	assert.Equal(t, f.head, again.HeadSHA)
}

// authoredRequest builds a fresh-context lane whose request names author as the change's
// author, as a request from elsewhere could, and returns its path.
func authoredRequest(t *testing.T, f *fixture, author Author) string {
	t.Helper()
	o := f.options()
	o.Diversity = "fresh-context"
	b := f.build(t, o)
	r, _, err := ReadRequest(b.Requests[0])
	require.NoError(t, err)
	r.Lane, r.Author = "self", author
	dir := filepath.Join(b.Dir, "lanes", "self")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, "request.json")
	require.NoError(t, writeRequest(path, r))
	return path
}

// A reviewer may never sit in the author's own context, whatever the families.
func TestSameContextIsBlocked(t *testing.T) {
	f := newFixture(t, map[string]string{"main.go": "package main\n"})
	author := resolveAuthor(authorFacts{Name: "Ada"}, nil, nil)
	author.ContextID = "war-room:wr-author-session"
	path := authoredRequest(t, f, author)

	gpt := scripted("openai", answer("x\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
	d := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt})
	d.NewSessionID = func() string { return "wr-author-session" }
	res, err := d.Dispatch(context.Background(), path)
	require.NoError(t, err)
	assert.Equal(t, statusBlocked, res.Status)
	assert.Equal(t, blockedSameContext, res.BlockedReason)
	assert.Equal(t, 0, calls(gpt))
}

// The context check compares like with like: a pull request the account war-room acts as
// opened is in the reviewer's own context (logins ignore case), one by anybody else is not.
func TestAuthorIsWarRoomsOwnAccountIsBlocked(t *testing.T) {
	for _, tc := range []struct {
		account string
		want    Status
	}{{"War-Room[bot]", statusBlocked}, {"other-app[bot]", StatusJudged}, {"", StatusJudged}} {
		f := newFixture(t, map[string]string{"main.go": "package main\n"})
		path := authoredRequest(t, f, resolveAuthor(authorFacts{Login: "war-room[bot]"}, nil, nil))

		gpt := scripted("openai", answer("x\nJUDGMENT: CONFIRMED nonce="+echoTrueNonce))
		d := dispatcher(t, f.source(), engine.Profiles{"gpt": gpt})
		d.Account = tc.account
		res, err := d.Dispatch(context.Background(), path)
		require.NoError(t, err)
		assert.Equal(t, tc.want, res.Status, "account %q", tc.account)
		if tc.want == statusBlocked {
			assert.Equal(t, blockedSameContext, res.BlockedReason)
			assert.Contains(t, res.Detail, "authored by War-Room[bot]")
			assert.Equal(t, 0, calls(gpt))
		}
	}
}
