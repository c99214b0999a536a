package main

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/war-room/war-room/discussions"
	"github.com/war-room/war-room/internal/githubfake"
	"github.com/war-room/war-room/internal/store"
)

// skepticRemembering is the council script's skeptic closing answer, proposing lines for
// memory, as a response that goes ahead of the script's own.
func skepticRemembering(lines ...string) string {
	s := "  - role: skeptic\n    match: 'Closing ballot'\n    text: |\n      VOTE: Option 2\n      ## Final position\n" +
		"      Cron is enough.\n      ## Objections\n      - Option 1: a new service to run\n      ## Trip-wires\n" +
		"      - Reopen if retries double.\n      ## Remember\n"
	for _, l := range lines {
		s += "      - " + l + "\n"
	}
	return s
}

// rememberingSkeptic proposes one item with a source and one opinion.
var rememberingSkeptic = skepticRemembering("[decision] KEEP-THIS: the queue's running cost was never measured.", "Redis is a poor fit.")

// memoryDiscussion is the repository's memory discussion, written by our account.
func memoryDiscussion(t *testing.T, w *actionWorld) githubfake.Discussion {
	t.Helper()
	for _, d := range w.f.Discussions(aRepo) {
		if d.Title == discussions.MemoryTitle && d.Author == aBotLogin {
			return d
		}
	}
	t.Fatal("no war-room memory discussion")
	return githubfake.Discussion{}
}

// sessionOptions is the stored options of the one session a run's state file holds.
func sessionOptions(t *testing.T, db string) string {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ss, err := st.ListSessions(context.Background(), "council", 0)
	if err != nil || len(ss) != 1 {
		t.Fatalf("%d sessions: %v", len(ss), err)
	}
	return string(ss[0].Options)
}

// Member memory on GitHub: a published session's proposal waits in the "war-room memory"
// discussion war-room writes; /war-room memory review lists it and approve approves it;
// /war-room outcome #N records an outcome, approved as written; the next session's seats read
// both, and never the opinion nobody could admit.
func TestActionMemoryRoundTrip(t *testing.T) {
	w := newActionWorld(t, councilActionConfigWith(t, rememberingSkeptic))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	r1, _ := w.say("alice", n, "/war-room convene --go Should billing move to a queue?")
	wantNoError(t, r1)
	mem := memoryDiscussion(t, w)
	row := regexp.MustCompile("\\| `(m-[0-9a-f]+)` \\| proposed \\| skeptic \\| google \\| decision #\u200d([0-9]+) \\| KEEP-THIS").FindStringSubmatch(mem.Body)
	if row == nil {
		t.Fatalf("the proposal is not in the memory discussion:\n%s", mem.Body)
	}
	if strings.Contains(mem.Body, "Redis is a poor fit") {
		t.Errorf("an opinion was proposed:\n%s", mem.Body)
	}
	id, decision := row[1], row[2]

	w.say("alice", n, "/war-room memory review")
	if bc := botComments(w, n); !strings.Contains(bc[len(bc)-1].Body, id) {
		t.Errorf("review does not list %s:\n%s", id, bc[len(bc)-1].Body)
	}
	w.say("alice", n, "/war-room memory approve "+id)
	w.say("alice", n, fmt.Sprintf("/war-room outcome #%s reversed OUTCOME-TEXT: queue spend doubled by March.", decision))
	// Said on an issue, the outcome is still recorded on the decision's own discussion.
	said := false
	for _, d := range w.f.Discussions(aRepo) {
		if fmt.Sprint(d.Number) != decision {
			continue
		}
		for _, c := range w.f.Comments(d.ID) {
			said = said || strings.Contains(c.Body, "the decision was reversed.** Recorded by alice") && strings.Contains(c.Body, "in a comment on an issue")
		}
	}
	if !said {
		t.Errorf("no outcome comment on decision #%s", decision)
	}
	mem = memoryDiscussion(t, w)
	for _, want := range []string{"| `" + id + "` | approved | skeptic | google |", "| approved | the team | maintainer | outcome of decision #\u200d" + decision + " | reversed: OUTCOME-TEXT"} {
		if !strings.Contains(mem.Body, want) {
			t.Errorf("the memory discussion lacks %q:\n%s", want, mem.Body)
		}
	}
	w.say("alice", n, "/war-room outcome #999 held nothing")
	if bc := botComments(w, n); !strings.Contains(bc[len(bc)-1].Body, "#\u200d999 is not a decision war-room recorded") {
		t.Errorf("an outcome for a decision that is not ours was taken:\n%s", bc[len(bc)-1].Body)
	}

	m := w.f.AddIssue(aRepo, 0, "Billing again", "Still cron.", "alice")
	r2, _ := w.say("alice", m, "/war-room convene --go Which retry policy should the invoice worker use?")
	wantNoError(t, r2)
	opts := sessionOptions(t, r2.db)
	for _, want := range []string{"KEEP-THIS", "OUTCOME-TEXT"} {
		if !strings.Contains(opts, want) {
			t.Errorf("the next session was not given %s", want)
		}
	}
	fed := false
	for _, e := range ledgerRows(t, r2.db) {
		fed = fed || strings.Contains(strings.Join(e.Inputs, ","), "memory")
	}
	if !fed {
		t.Error("no seat of the next session read its memory")
	}
}

// On GitHub the standing team reads the repository's own layer and its intent file from the
// default branch, through the contents API.
func TestActionCouncilReadsTheRepositoryFiles(t *testing.T) {
	w := newActionWorld(t, councilActionConfig(t))
	w.user("alice", "write")
	w.f.PutFile(aRepo, aBranch, ".github/war-room/intent.md", "- INTENT-ITEM: billing finishes by 06:00.\n- The change can be rolled back within a day.\n")
	w.f.PutFile(aRepo, aBranch, ".github/war-room/council/profiles/quick.yaml",
		"name: quick\ndescription: Two seats.\nmembers: [skeptic, steward]\nmax_seat_calls: 6\n")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	r, _ := w.say("alice", n, "/war-room convene --go --profile=quick Should billing move to a queue?")
	wantNoError(t, r)
	opts := sessionOptions(t, r.db)
	for _, want := range []string{`"profile":"quick"`, `"team":["skeptic","steward"]`, "INTENT-ITEM", `"path":".github/war-room/intent.md"`} {
		if !strings.Contains(opts, want) {
			t.Errorf("the session options lack %s:\n%s", want, opts)
		}
	}
}

// Without a checkout (the App's case; here an Action job without actions/checkout), a seat's
// [file PATH] proposal is pinned through the API at the session's commit: its source names
// the file's git blob SHA as it stood at the pin, not after a later push, and it waits for
// review like any other proposal.
func TestFileMemoryIsPinnedThroughTheAPI(t *testing.T) {
	w := newActionWorld(t, councilActionConfigWith(t, skepticRemembering("[file billing/retry.go] FILE-FACT: retries are capped at five.")))
	w.user("alice", "write")
	pinned := "package billing\n\nconst MaxRetries = 5\n"
	w.f.PushCommit(aRepo, aBranch, githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "cap the retries"},
		Files: map[string]string{"billing/retry.go": pinned}})
	// The pin is the default branch's head, resolved when the team convenes; this push lands
	// the moment that is answered, so a pin that read the branch later would see it.
	w.f.AfterCall("GET /repos/{owner}/{repo}/commits/{ref}", func() {
		w.f.PushCommit(aRepo, aBranch, githubfake.BranchCommit{CommitSpec: githubfake.CommitSpec{Message: "after the pin"},
			Files: map[string]string{"billing/retry.go": "const MaxRetries = 9\n"}})
	})
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	r, _ := w.say("alice", n, "/war-room convene --go Should billing move to a queue?")
	wantNoError(t, r)
	sum := sha1.Sum([]byte(fmt.Sprintf("blob %d\x00%s", len(pinned), pinned)))
	// The record breaks "@" with a zero-width joiner so that GitHub links no one.
	want := "file billing/retry.go@\u200d" + hex.EncodeToString(sum[:])
	mem := memoryDiscussion(t, w)
	if !regexp.MustCompile("\\| `m-[0-9a-f]+` \\| proposed \\| skeptic \\| [a-z]+ \\| " + regexp.QuoteMeta(want) + " \\| FILE-FACT").MatchString(mem.Body) {
		t.Errorf("the memory discussion lacks the proposal pinned %s:\n%s", want, mem.Body)
	}
	if strings.Contains(mem.Body, "cannot be pinned") {
		t.Errorf("the file was refused:\n%s", mem.Body)
	}
}

// sayOnDiscussion posts a comment as login on discussion d and runs the Action on the
// discussion_comment delivery GitHub would send for it.
func (w *actionWorld) sayOnDiscussion(login string, d githubfake.Discussion, body string) actionRun {
	w.t.Helper()
	r, _ := w.sayOnDiscussionEvent(login, d, body)
	return r
}

// sayOnDiscussionEvent is sayOnDiscussion, returning the event file too (to deliver it again).
func (w *actionWorld) sayOnDiscussionEvent(login string, d githubfake.Discussion, body string) (actionRun, string) {
	w.t.Helper()
	id := w.f.AddDiscussionComment(d.ID, login, body, "")
	var c githubfake.DiscussionComment
	for _, x := range w.f.Comments(d.ID) {
		if x.ID == id {
			c = x
		}
	}
	ev := w.payload("discussion_comment.created", map[string]any{"discussion.number": d.Number, "discussion.node_id": d.ID,
		"comment.id": c.DatabaseID, "comment.node_id": id, "comment.body": body, "comment.user.login": login,
		"comment.html_url": c.URL, "sender.login": login})
	return w.run("discussion_comment", ev, nil, nil), ev
}

// repliesTo are the comments answering comment id on discussion d.
func repliesTo(w *actionWorld, d githubfake.Discussion, id string) []githubfake.DiscussionComment {
	var out []githubfake.DiscussionComment
	for _, c := range w.f.Comments(d.ID) {
		if c.ReplyToID == id {
			out = append(out, c)
		}
	}
	return out
}

// /war-room outcome on a decision's own discussion, as the Action receives it: the outcome
// is recorded there as a comment of its own, which verifies from GitHub alone and names the
// commenter; the command gets a threaded reply; the member memory has it. A reader without
// write permission records nothing, and a command other than outcome is pointed to an issue.
func TestActionOutcomeOnTheDecisionsDiscussion(t *testing.T) {
	w := newActionWorld(t, councilActionConfig(t))
	w.user("alice", "write")
	w.user("olive", "read")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	r, _ := w.say("alice", n, "/war-room convene --go Should billing move to a queue?")
	wantNoError(t, r)
	var dec githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if strings.HasPrefix(d.Title, "[Council]") {
			dec = d
		}
	}
	if dec.ID == "" {
		t.Fatal("no decision was published")
	}
	outcomes := func() []githubfake.DiscussionComment {
		var out []githubfake.DiscussionComment
		for _, c := range w.f.Comments(dec.ID) {
			if strings.Contains(c.Body, " part=outcome-") {
				out = append(out, c)
			}
		}
		return out
	}

	wantNoError(t, w.sayOnDiscussion("olive", dec, "/war-room outcome held It is fine."))
	if len(outcomes()) != 0 {
		t.Fatal("a reader without write permission recorded an outcome")
	}

	wantNoError(t, w.sayOnDiscussion("alice", dec, "/war-room outcome reversed Queue spend doubled by March;\nwe went back to cron."))
	got := outcomes()
	if len(got) != 1 || got[0].Author != aBotLogin || !strings.Contains(got[0].Body, "the decision was reversed") ||
		!strings.Contains(got[0].Body, "> Queue spend doubled by March;") {
		t.Fatalf("outcome comments: %+v", got)
	}
	var cmd githubfake.DiscussionComment
	for _, c := range w.f.Comments(dec.ID) {
		if c.Author == "alice" && strings.Contains(c.Body, "outcome reversed") {
			cmd = c
		}
	}
	if rs := repliesTo(w, dec, cmd.ID); len(rs) != 1 || !strings.Contains(rs[0].Body, "Recorded outcome 1 of #") {
		t.Fatalf("the command's replies: %+v", rs)
	}
	if mem := memoryDiscussion(t, w); !strings.Contains(mem.Body, "reversed: Queue spend doubled by March") {
		t.Errorf("the member memory lacks the outcome:\n%s", mem.Body)
	}

	// From GitHub alone: a reader's token, no state file.
	verify := func() cliResult {
		var out, errb strings.Builder
		vars := map[string]string{"GITHUB_TOKEN": w.tokens["olive"], "GITHUB_API_URL": w.f.URL(), "GITHUB_GRAPHQL_URL": w.f.GraphQLURL()}
		e := &env{stdout: &out, stderr: &errb, stdin: strings.NewReader(""), getenv: func(k string) string { return vars[k] }}
		code := run(t.Context(), e, []string{"verify", "--repo", aRepo, "--discussion", fmt.Sprint(dec.Number), "--as", aBotLogin})
		return cliResult{out.String(), errb.String(), code}
	}
	res := verify()
	mustExit(t, res, 0)
	if !strings.Contains(res.stdout, "1 outcome(s) chained to it") {
		t.Errorf("verify: %s", res.stdout)
	}
	// The outcome names alice, who wrote the command: changed to name another, verify fails.
	w.f.EditCommentBody(got[0].ID, strings.Replace(got[0].Body, `"by":"alice"`, `"by":"olive"`, 1))
	if res := verify(); res.code != exitFailure || !strings.Contains(res.stdout, "outcome 1") {
		t.Fatalf("after the author was changed: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	w.f.EditCommentBody(got[0].ID, got[0].Body)

	// Anything but an outcome: a reply saying where it belongs, and nothing recorded.
	wantNoError(t, w.sayOnDiscussion("alice", dec, "/war-room Should we also move invoices?"))
	last := w.f.Comments(dec.ID)
	if l := last[len(last)-1]; l.Author != aBotLogin || !strings.Contains(l.Body, "on an issue") {
		t.Errorf("the reply to a question on a discussion: %+v", l)
	}
	wantNoError(t, w.sayOnDiscussion("alice", dec, "/war-room outcome maybe"))
	last = w.f.Comments(dec.ID)
	if l := last[len(last)-1]; !strings.Contains(l.Body, "held, reversed or partly") {
		t.Errorf("the reply to a bad outcome: %+v", l)
	}
	if len(outcomes()) != 1 {
		t.Errorf("%d outcome comments, want 1", len(outcomes()))
	}
}

// /war-room reopen on a decision's discussion, once a reader has ticked a trip-wire there: a
// new issue says who reopened what and why, the question is deliberated again on it by the
// same protocol, and the decision reached supersedes the first one without asking. Without
// a ticked trip-wire or a reason nothing is reopened; a second delivery opens nothing twice.
func TestActionReopenFromTheDecisionsDiscussion(t *testing.T) {
	w := newActionWorld(t, councilActionConfig(t))
	w.user("alice", "write")
	n := w.f.AddIssue(aRepo, 0, "Billing jobs", "Cron retries pile up at night.", "alice")
	wantNoError(t, func() actionRun {
		r, _ := w.say("alice", n, "/war-room convene --go Should billing move to a queue?")
		return r
	}())
	var first githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if strings.HasPrefix(d.Title, "[Council]") {
			first = d
		}
	}
	issues := func() int { return len(w.f.Issues(aRepo)) }
	before := issues()

	wantNoError(t, w.sayOnDiscussion("alice", first, "/war-room reopen"))
	if issues() != before {
		t.Fatal("reopened with no trip-wire ticked and no reason")
	}
	last := w.f.Comments(first.ID)
	if l := last[len(last)-1]; !strings.Contains(l.Body, "Tick the trip-wire that tripped") {
		t.Errorf("the reply to a bare reopen: %s", l.Body)
	}

	ticked := strings.Replace(first.Body, "\n- [ ] ", "\n- [x] ", 1)
	if ticked == first.Body {
		t.Fatalf("no task list in the decision:\n%s", first.Body)
	}
	w.f.EditDiscussionBody(first.ID, ticked)
	r, ev := w.sayOnDiscussionEvent("alice", first, "/war-room reopen Queue spend doubled by March.")
	wantNoError(t, r)
	if issues() != before+1 {
		t.Fatalf("%d issues, want one more", issues())
	}
	// The same delivery again (a re-run job): nothing is opened twice.
	wantNoError(t, w.run("discussion_comment", ev, nil, nil))
	if issues() != before+1 {
		t.Fatalf("a second delivery opened another issue: %d", issues())
	}
	all := w.f.Issues(aRepo)
	reopened := all[len(all)-1]
	for _, want := range []string{"Reopened** by @alice", fmt.Sprintf("decision #%d", first.Number), "> Should billing move to a queue?",
		"Ticked on #", "> Queue spend doubled by March."} {
		if !strings.Contains(reopened.Body, want) {
			t.Errorf("the reopened issue lacks %q:\n%s", want, reopened.Body)
		}
	}
	// The standing team shows its card first, as for any convene without --go: confirmed there,
	// it deliberates.
	r2, _ := w.say("alice", reopened.Number, "/war-room proceed")
	wantNoError(t, r2)
	var second githubfake.Discussion
	for _, d := range w.f.Discussions(aRepo) {
		if strings.HasPrefix(d.Title, "[Council]") && d.Number != first.Number {
			second = d
		}
	}
	if second.ID == "" {
		for _, d := range w.f.Discussions(aRepo) {
			t.Logf("#%d %s", d.Number, d.Title)
		}
		for _, c := range botComments(w, reopened.Number) {
			t.Logf("comment: %s", c.Body)
		}
		t.Fatalf("the reopened question reached no decision:\n%s", r2.stdout)
	}
	if !strings.Contains(second.Body, fmt.Sprintf("#%d", first.Number)) || !strings.Contains(strings.ToLower(second.Body), "supersedes") {
		t.Errorf("the new decision does not say it supersedes #%d:\n%s", first.Number, second.Body)
	}
	if bc := botComments(w, reopened.Number); len(bc) == 0 || !strings.Contains(bc[len(bc)-1].Body, "@alice") {
		t.Errorf("no reply to alice on #%d", reopened.Number)
	}
}
